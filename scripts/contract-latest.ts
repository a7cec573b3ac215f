/**
 * `npm run contract:latest`: how the newest published API document differs from the pinned one
 * docsync speaks today, for the operations it calls. Installs the newest `@gitbook/api` into a
 * temporary folder, lists the operations docsync calls that it removed or changed, then runs the
 * client tolerance test against it. A maintenance script (it needs the npm registry), not part of CI.
 * Exit 1 when an operation docsync calls is gone or the client rejects an answer.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { API_CONTRACTS } from '../src/api/contracts/api-contract.js';
import { CLIENT_OPERATIONS } from '../src/api/contracts/client-operations.js';
import { LATEST_CONTRACT_ENV } from './latest-contract-env.js';
import { describeChanges, operationChanges } from './operation-changes.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOLERANCE_TEST = 'test/integration/contract/client-tolerance.test.ts';
const DocumentSchema = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });
const PackageSchema = z.looseObject({ version: z.string() });

const say = (line: string): void => void process.stdout.write(`${line}\n`);

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const folder = await mkdtemp(path.join(tmpdir(), 'docsync-contract-latest-'));
try {
  const installed = run('npm', [
    'install',
    '--prefix',
    folder,
    '--no-save',
    '--no-package-lock',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '@gitbook/api@latest',
  ]);
  if (installed !== 0) throw new Error('npm could not install @gitbook/api@latest: check the network and the npm registry settings.');
  const packageDir = path.join(folder, 'node_modules', '@gitbook', 'api');
  const { version } = PackageSchema.parse(JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')));
  const documentFile = path.join(packageDir, 'spec', 'openapi.json');
  const readDocument = async (file: string) => DocumentSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const latest = await readDocument(documentFile);
  const pinned = await readDocument(createRequire(import.meta.url).resolve(`${API_CONTRACTS.current.packageName}/spec/openapi.json`));

  const changes = operationChanges(pinned, latest, CLIENT_OPERATIONS);
  const removed = changes.filter((c) => c.kind === 'removed').length;
  say(`@gitbook/api ${version} against the pinned ${API_CONTRACTS.current.version}, for the ${CLIENT_OPERATIONS.length} operations docsync calls:`);
  for (const line of describeChanges(changes)) say(`  ${line}`);
  if (changes.length === 0) say('  no changes');

  say(`\nclient tolerance against ${version} (${TOLERANCE_TEST}):`);
  const tolerance = run('npx', ['vitest', 'run', TOLERANCE_TEST], { ...process.env, [LATEST_CONTRACT_ENV]: documentFile });

  say(
    [
      '',
      `summary: @gitbook/api ${version}`,
      `  ${removed} removed, ${changes.length - removed} changed of the ${CLIENT_OPERATIONS.length} operations docsync calls`,
      `  client tolerance: ${tolerance === 0 ? 'every generated answer accepted' : 'failed (see above)'}`,
    ].join('\n'),
  );
  process.exitCode = removed > 0 || tolerance !== 0 ? 1 : 0;
} finally {
  await rm(folder, { recursive: true, force: true });
}
