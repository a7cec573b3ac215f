import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './free-port.js';
import { motoServerPath } from './test-environment.js';

/** A moto_server (an S3-compatible endpoint) of the test's own on a free loopback port. */
export interface MotoServer {
  readonly endpoint: string;
  stop(): Promise<void>;
}

const READY_WITHIN_MS = 30_000;

/**
 * With `iamChecks`, moto checks every request's key and signature against its (empty) IAM, so any
 * credentials are wrong (`INITIAL_NO_AUTH_ACTION_COUNT=0`); without, it accepts any.
 */
export async function startMotoServer(options: { iamChecks?: boolean } = {}): Promise<MotoServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { ...process.env, ...(options.iamChecks === true ? { INITIAL_NO_AUTH_ACTION_COUNT: '0' } : {}) };
  const child = spawn(motoServerPath(), ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'], env });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await Promise.race([exited, delay(10_000)]);
  };
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited (${child.exitCode}) before it answered: ${output.trim()}`);
    const answered = await fetch(`${endpoint}/moto-api/`).then(
      () => true,
      () => false,
    );
    if (answered) return { endpoint, stop };
    if (Date.now() >= deadline) {
      await stop();
      throw new Error(`moto_server on ${port} did not answer within ${READY_WITHIN_MS / 1000} s: ${output.trim()}`);
    }
    await delay(100);
  }
}
