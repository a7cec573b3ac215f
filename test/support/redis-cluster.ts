import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { until } from './daemon-harness.js';

const run = promisify(execFile);

/** A Redis Cluster of the tests' own: `masters` redis-server processes on free loopback ports, no replicas. */
export interface RedisCluster {
  /** One `redis://` URL per node; any of them seeds a cluster client. */
  readonly urls: readonly string[];
  stop(): Promise<void>;
}

export async function startRedisCluster(masters = 3): Promise<RedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-redis-cluster-'));
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGKILL');
        await exited;
      }),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (let n = 0; n < masters; n += 1) {
      const port = await freePort();
      ports.push(port);
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--maxmemory-policy',
          'noeviction',
          '--dir',
          dir,
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          '5000',
        ],
        { stdio: 'ignore' },
      );
      children.push(child);
    }
    for (const port of ports) await until(`redis-server on ${port} to answer`, async () => (await cli(port, 'PING')).trim() === 'PONG', 10_000);
    await run('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes']);
    for (const port of ports) {
      await until(`cluster_state:ok on ${port}`, async () => (await cli(port, 'CLUSTER', 'INFO')).includes('cluster_state:ok'), 20_000, 100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls: ports.map((port) => `redis://127.0.0.1:${port}`), stop };
}

async function cli(port: number, ...command: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...command]);
  return stdout;
}
