import { Command, InvalidArgumentError, Option } from 'commander';
import { CONTRACT_NAMES, type ContractName } from '../../api/contracts/api-contract.js';
import { ConfigError } from '../../config/config-error.js';
import { parseSpaceOption } from '../parse-space-option.js';
import { waitForSignal } from '../wait-for-signal.js';

function parseRate(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('use requests per second, e.g. 10/s');
  return Number(match[1]);
}

const UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, k: 1024, kib: 1024, m: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gib: 1024 ** 3 };

/** `104857600`, `100MiB`, `512k`: a positive size in bytes. */
function parseBytes(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  const unit = UNITS[match?.[2]?.toLowerCase() ?? 'x'];
  const bytes = match === null || unit === undefined ? NaN : Math.floor(Number(match[1]) * unit);
  if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new InvalidArgumentError('use a size in bytes, e.g. 104857600, 100MiB or 512KiB');
  return bytes;
}

function parseNumber(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) throw new InvalidArgumentError(`use a number from ${min} to ${max}`);
    return n;
  };
}

/** `docsync emulator`: the API's operations docsync needs (README: coverage table), in memory, for dry runs, demos and tests. */
export function emulatorCommand(): Command {
  return new Command('emulator')
    .description('serve an in-memory emulator of the Documentation Hosting Management API')
    .addOption(
      new Option(
        '--contract <name>',
        "API version to serve: current (@gitbook/api 0.202.0, what the service answers today) or seed (0.130.0); default: the fixture's, else current",
      ).choices(CONTRACT_NAMES),
    )
    .option('--port <port>', 'port to listen on (0 picks a free one)', parseNumber(0, 65535), 4010)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--fixtures <file.yaml>', 'organizations, users, tokens, spaces and sites to start with')
    .option('--space <id[:title]>', "an empty space to start with, in the fixture's first organization (repeatable)", parseSpaceOption)
    .option('--rate-limit <n/s>', 'requests per second per token before 429 (0: none)', parseRate, 0)
    .option('--fault-rate <0..1>', 'share of requests that fail with 5xx or a dropped connection', parseNumber(0, 1), 0)
    .option('--latency <ms>', 'latency added to every request', parseNumber(0, 60_000), 0)
    .option('--seed <n>', 'seed for ids and faults, so a run repeats', parseNumber(-(2 ** 31), 2 ** 31), 1)
    .option('--import-limit <bytes>', 'largest archive a content import fetches (400 above), e.g. 100MiB', parseBytes, 100 * 1024 * 1024)
    .option(
      '--git-remotes <local|any>',
      'repositories a git import clones: local ones only (a path, file://, a loopback host), or any',
      parseGitRemotes,
      'local',
    )
    .option(
      '--strict',
      "hold every answer to the API's published response schema (needs the @gitbook/api dev dependencies): a violation is logged and answered as a 500",
      false,
    )
    .action(
      async (options: {
        contract?: ContractName;
        port: number;
        host: string;
        fixtures?: string;
        space?: { id: string; title: string }[];
        rateLimit: number;
        faultRate: number;
        latency: number;
        seed: number;
        importLimit: number;
        gitRemotes: 'local' | 'any';
        strict: boolean;
      }) => {
        const { startEmulator } = await import('../../emulator/start-emulator.js');
        const { FixtureError } = await import('../../emulator/fixtures/fixture-error.js');
        const { createLogger } = await import('../../logging/logger.js');
        const emulator = await startEmulator(
          {
            contract: options.contract,
            port: options.port,
            host: options.host,
            fixtures: options.fixtures,
            spaces: options.space ?? [],
            rateLimit: options.rateLimit,
            faultRate: options.faultRate,
            latencyMs: options.latency,
            seed: options.seed,
            importLimit: options.importLimit,
            gitRemotes: options.gitRemotes,
            strict: options.strict,
          },
          { logger: createLogger() },
        ).catch((error: unknown) => {
          // A bad fixture (an unknown contract name among others) is bad input: exit 2, naming file and field.
          if (error instanceof FixtureError) throw new ConfigError(error.problem, error.file, undefined, error.field, { cause: error });
          throw error;
        });
        const { exposureWarning } = await import('../../http/exposure-warning.js');
        const exposed = exposureWarning('emulator', options.host, `${options.host}:${new URL(emulator.url).port}`);
        if (exposed !== undefined) process.stderr.write(`docsync emulator: warning: ${exposed}\n`);
        process.stdout.write(`docsync emulator listening on ${emulator.url} (contract: ${emulator.options.contract})\n`);
        process.stdout.write(`  API base: ${emulator.url}/v1   admin token: emulator-admin   stats: ${emulator.url}/_emulator/stats\n`);
        for (const space of options.space ?? []) process.stdout.write(`  space ${space.id} (${space.title}) created\n`);
        if (options.strict) process.stdout.write(`  strict: answers checked against the published schema, counts at ${emulator.url}/_emulator/conformance\n`);
        await waitForSignal();
        await emulator.close();
        process.stdout.write('docsync emulator stopped\n');
      },
    );
}

function parseGitRemotes(value: string): 'local' | 'any' {
  if (value === 'local' || value === 'any') return value;
  throw new InvalidArgumentError('use local or any');
}
