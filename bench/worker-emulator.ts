import { Worker } from 'node:worker_threads';
import type { EmulatorOptionsInput } from '../src/emulator/emulator-options.js';
import type { ContractName } from '../src/api/contracts/api-contract.js';

/** An emulator in a worker thread, so its own work never shares an event loop with what a bench times. */
export interface WorkerEmulator {
  url: string;
  stop(): Promise<void>;
}

/** Every bench names the contract it measures, so its figures do not move with the emulator's default. */
export async function startWorkerEmulator(options: EmulatorOptionsInput & { readonly contract: ContractName }): Promise<WorkerEmulator> {
  const module = new URL('../src/emulator/start-emulator.js', import.meta.url).href;
  const code = `const { parentPort, workerData } = require('node:worker_threads');
    import(${JSON.stringify(module)}).then(async ({ startEmulator }) => {
      const emulator = await startEmulator(workerData);
      parentPort.postMessage(emulator.url);
      parentPort.once('message', () => emulator.close().then(() => process.exit(0)));
    });`;
  const worker = new Worker(code, { eval: true, workerData: options });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url,
    stop: async () => {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
