import { Worker } from 'node:worker_threads';
import type { EmulatorOptionsInput } from '../src/emulator/emulator-options.js';
import type { ContractName } from '../src/api/contracts/api-contract.js';

/** An emulator in a worker thread, so its own work never shares an event loop with what a bench times. */
export interface WorkerEmulator {
  url: string;
  /** Milliseconds the emulator's thread has been busy (its event loop's active time) since it started. */
  busyMs(): Promise<number>;
  stop(): Promise<void>;
}

/** Every bench names the contract it measures, so its figures do not move with the emulator's default. */
export async function startWorkerEmulator(options: EmulatorOptionsInput & { readonly contract: ContractName }): Promise<WorkerEmulator> {
  const module = new URL('../src/emulator/start-emulator.js', import.meta.url).href;
  const code = `const { parentPort, workerData } = require('node:worker_threads');
    const { performance } = require('node:perf_hooks');
    import(${JSON.stringify(module)}).then(async ({ startEmulator }) => {
      const emulator = await startEmulator(workerData);
      parentPort.postMessage(emulator.url);
      parentPort.on('message', (message) => {
        if (message === 'busy') parentPort.postMessage(performance.eventLoopUtilization().active);
        else emulator.close().then(() => process.exit(0));
      });
    });`;
  const worker = new Worker(code, { eval: true, workerData: options });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url,
    busyMs: async () => {
      const answer = new Promise<number>((resolve) => worker.once('message', resolve));
      worker.postMessage('busy');
      return answer;
    },
    stop: async () => {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
