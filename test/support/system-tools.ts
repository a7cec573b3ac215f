import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import type { ToolStatus } from './test-environment.js';

/** Where Debian puts chromium; CHROMIUM_PATH points elsewhere. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

interface Run {
  code: number | null;
  output: string;
}

/** Runs a program to its end, keeping its output; a program that cannot start answers code null. */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env, timeoutMs = 600_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ code: null, output: error.message }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';

const isRoot = (): boolean => process.getuid?.() === 0;

/** `apt-get install` of Debian packages, as root; waits for a dpkg lock another install holds. */
async function aptInstall(packages: readonly string[]): Promise<Run> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const update = await run('apt-get', [...lock, 'update', '-qq'], env);
  if (update.code !== 0) return update;
  return run('apt-get', [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...packages], env);
}

/**
 * Debian's chromium for the dashboard test: found, or installed with apt-get when missing and we
 * are root. Otherwise the status carries one line saying what is missing and how to get it.
 */
export async function ensureChromium(log: (line: string) => void): Promise<ToolStatus> {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted !== undefined) {
    return executable(wanted)
      ? { found: true, path: wanted }
      : {
          found: false,
          problem: `CHROMIUM_PATH=${wanted} is not an executable file: point it at a Chromium binary, or unset it to use Debian's ${DEBIAN_CHROMIUM}`,
        };
  }
  if (executable(DEBIAN_CHROMIUM)) return { found: true, path: DEBIAN_CHROMIUM };
  const howTo = `install it with \`apt-get install -y --no-install-recommends chromium\` as root, or set CHROMIUM_PATH to a Chromium binary`;
  if (!isRoot()) return { found: false, problem: `Debian's chromium (${DEBIAN_CHROMIUM}) is missing for the dashboard test: ${howTo}` };
  log(`test setup: ${DEBIAN_CHROMIUM} is missing; installing Debian's chromium with apt-get (once per machine)`);
  const started = Date.now();
  const installed = await aptInstall(['chromium']);
  if (installed.code === 0 && executable(DEBIAN_CHROMIUM)) {
    log(`test setup: installed chromium in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { found: true, path: DEBIAN_CHROMIUM };
  }
  return {
    found: false,
    problem: `Debian's chromium (${DEBIAN_CHROMIUM}) is missing and apt-get could not install it (exit ${installed.code ?? 'none'}: ${lastLine(installed.output)}): ${howTo}`,
  };
}

/** `redis-server` on PATH, installed with apt-get when missing and we are root; throws one line otherwise. */
export async function ensureRedisServer(log: (line: string) => void): Promise<string> {
  const probe = await run('redis-server', ['--version']);
  if (probe.code === 0) return 'redis-server';
  const howTo = 'install it with `apt-get install -y redis-server` as root, or set DOCSYNC_TEST_REDIS_URL to a Redis the tests may use';
  if (!isRoot()) throw new Error(`redis-server is missing for the integration tests: ${howTo}`);
  log("test setup: redis-server is missing; installing Debian's redis-server with apt-get (once per machine)");
  const installed = await aptInstall(['redis-server']);
  if (installed.code !== 0)
    throw new Error(`redis-server is missing and apt-get could not install it (exit ${installed.code ?? 'none'}: ${lastLine(installed.output)}): ${howTo}`);
  return 'redis-server';
}

/** `moto_server` (Python moto 5), which the S3 tests start; it comes with the machine, so it is only checked. */
export async function checkMotoServer(): Promise<ToolStatus> {
  const probe = await run('moto_server', ['--help'], process.env, 60_000);
  if (probe.code === 0) return { found: true, path: 'moto_server' };
  return {
    found: false,
    problem: `moto_server is missing for the S3 tests (\`moto_server --help\`: ${lastLine(probe.output) || `exit ${probe.code ?? 'none'}`}): install it with \`pip install 'moto[server]>=5,<6'\``,
  };
}
