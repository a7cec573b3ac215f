import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './free-port.js';

/** A redis-server of the tests' own on a free loopback port, without persistence. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /**
   * Kills the server (SIGKILL: as a crash would), runs `whileDown`, then starts a fresh, empty one
   * on the same port.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Kills the server (SIGKILL), as a crash would; {@link up} starts it again on the same port. */
  down(): Promise<void>;
  /** Starts a fresh, empty server on the same port after {@link down}. */
  up(): Promise<void>;
  stop(): Promise<void>;
}

const READY_WITHIN_MS = 10_000;

/** `args`: more of redis-server's options, like `['--requirepass', 'secret']`. */
export async function startRedisServer(binary = 'redis-server', args: readonly string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'docsync-redis-'));
  let child: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    const options = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', ...args];
    // noeviction: BullMQ loses jobs under any other policy.
    const spawned = spawn(binary, [...options, '--maxmemory-policy', 'noeviction', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = spawned;
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      spawned.stdout.on('data', onData);
      spawned.stderr.on('data', onData);
      spawned.once('exit', (code) => reject(new Error(`${binary} exited (${code}) before it was ready: ${output.slice(-500)}`)));
      spawned.once('error', reject);
    });
    const deadline = delay(READY_WITHIN_MS).then(() => Promise.reject(new Error(`${binary} on ${port} not ready in 10 s: ${output.slice(-500)}`)));
    await Promise.race([ready, deadline]);
  };

  const kill = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await Promise.race([exited, delay(READY_WITHIN_MS)]);
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async restart(whileDown) {
      await kill();
      await whileDown?.();
      await start();
    },
    down: kill,
    up: start,
    async stop() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
