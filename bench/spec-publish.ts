/**
 * What `docsync spec publish` costs on top of one raw PUT, for a ~2 MB OpenAPI document.
 *
 * An emulator in a worker thread (its own event loop, like a remote platform; processing steps of
 * 5 ms) receives, per round:
 *   (a) a raw undici PUT of `{source: {text}}` (the text read from disk; what the official CLI does);
 *   (b) `specPublishAction --force`: config, read, validate + bundle (swagger-parser), PUT, state;
 *   (b2) the same with the verdict of this content kept from the run before (`.docsync/cache/specs`);
 *   (c) (b) with `--wait`: then polls until `processingState` is `complete`;
 *   (d) `node dist/bin/docsync.js spec publish --force` (the package's `bin`) as a child process (start-up included).
 * Except in (b2), the verdict cache is emptied before each run (a few files removed), so each validates.
 * Medians of ROUNDS rounds after one warm-up; the ratios are against (a).
 *
 * Run: npm run build && node dist/bench/spec-publish.js [megabytes] [yaml|json]
 */
import { startWorkerEmulator, type WorkerEmulator } from './worker-emulator.js';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { request } from 'undici';
import { stringify } from 'yaml';
import { specPublishAction } from '../src/cli/commands/spec-command.js';
import { silentLogger } from '../src/logging/logger.js';
import { loadSpec } from '../src/specs/load-spec.js';

const TARGET_BYTES = Number(process.argv[2] ?? 2) * 1024 * 1024;
const FORMAT = process.argv[3] === 'json' ? 'json' : 'yaml';
const ROUNDS = 5;
const ORG = 'org-emulator';
const TOKEN = 'emulator-admin';

/** A valid OpenAPI 3.0 document of about `bytes`: CRUD paths over many resources, shared schemas. */
function generateSpec(bytes: number): string {
  const build = (count: number): object => {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const name = `Resource${i}`;
      const ref = { $ref: `#/components/schemas/${name}` };
      const field = (p: number): [string, object] => [
        `field${p}`,
        { type: p % 3 === 0 ? 'integer' : 'string', description: `Field ${p} of resource ${i}, kept in step by docsync.` },
      ];
      schemas[name] = { type: 'object', required: ['field0', 'field1'], properties: Object.fromEntries(Array.from({ length: 12 }, (_, p) => field(p))) };
      const ok = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } });
      paths[`/resources-${i}`] = {
        get: {
          operationId: `list${name}`,
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': ok('A page', { type: 'array', items: ref }) },
        },
        post: { operationId: `create${name}`, requestBody: { content: { 'application/json': { schema: ref } } }, responses: { '201': ok('Created', ref) } },
      };
      paths[`/resources-${i}/{id}`] = {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: `get${name}`, responses: { '200': ok('The resource', ref), '404': { description: 'Not found' } } },
        delete: { operationId: `delete${name}`, responses: { '204': { description: 'Deleted' } } },
      };
    }
    return { openapi: '3.0.3', info: { title: 'Bench API', version: '1.0.0' }, paths, components: { schemas } };
  };
  const serialize = (document: object): string => (FORMAT === 'json' ? JSON.stringify(document, null, 2) : stringify(document, { lineWidth: 0 }));
  // Size one sample, then serialize once: serializing 2 MB of YAML repeatedly is what is slow.
  const perResource = Buffer.byteLength(serialize(build(20))) / 20;
  return serialize(build(Math.ceil(bytes / perResource)));
}

/** Until the emulator has processed every version, so one round's processing does not slow the next. */
async function settled(emulator: WorkerEmulator): Promise<void> {
  for (;;) {
    const response = await request(`${emulator.url}/v1/orgs/${ORG}/openapi`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const list = (await response.body.json()) as { items: { processingState: string }[] };
    if (list.items.every((s) => s.processingState === 'complete')) return;
    await delay(20);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function time(emulator: WorkerEmulator, label: string, run: () => Promise<void>): Promise<number> {
  await run(); // warm-up: JIT, sockets, module loading
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await settled(emulator);
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  const ms = median(samples);
  process.stdout.write(`  ${label.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms\n`);
  return ms;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-bench-spec-'));
  const emulator = await startWorkerEmulator({ contract: 'seed', processingStepMs: 5 });
  try {
    const specFile = join(dir, `openapi.${FORMAT}`);
    await writeFile(specFile, generateSpec(TARGET_BYTES));
    const config = join(dir, 'docsync.yaml');
    await writeFile(
      config,
      stringify({ api: { endpoint: emulator.url }, state: { path: 'state.json' }, specs: [{ organizationId: ORG, slug: 'bench', file: specFile }] }),
    );
    const env = { DOCSYNC_TOKEN: TOKEN };
    const io = { stdout: () => undefined, env, logger: silentLogger };
    const size = (await readFile(specFile)).byteLength;
    process.stdout.write(`spec-publish: ${(size / 1024 / 1024).toFixed(2)} MB ${FORMAT}, median of ${ROUNDS} rounds\n`);

    const raw = await time(emulator, '(a) raw undici PUT {text}', async () => {
      const text = await readFile(specFile, 'utf8');
      const response = await request(`${emulator.url}/v1/orgs/${ORG}/openapi/raw`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source: { text } }),
      });
      await response.body.json();
      if (response.statusCode !== 200) throw new Error(`raw PUT answered ${response.statusCode}`);
    });
    const load = await time(emulator, '    of which loadSpec (read + validate + bundle)', async () => {
      await loadSpec(specFile);
    });
    const forget = (): Promise<void> => rm(join(dir, '.docsync', 'cache', 'specs'), { recursive: true, force: true });
    const publish = await time(emulator, '(b) docsync spec publish --force (in-process)', async () => {
      await forget();
      if ((await specPublishAction([], { config, force: true }, io)) !== 0) throw new Error('publish failed');
    });
    const cached = await time(emulator, '(b2) the same, verdict of this content cached', async () => {
      if ((await specPublishAction([], { config, force: true }, io)) !== 0) throw new Error('publish failed');
    });
    const wait = await time(emulator, '(c) docsync spec publish --force --wait (in-process)', async () => {
      await forget();
      if ((await specPublishAction([], { config, force: true, wait: true }, io)) !== 0) throw new Error('publish --wait failed');
    });
    const cli = resolve('dist/bin/docsync.js');
    const child = await time(emulator, '(d) node dist/bin/docsync.js spec publish --force', async () => {
      await forget();
      await promisify(execFile)(process.execPath, [cli, 'spec', 'publish', '--force', '-c', config], {
        env: { ...process.env, ...env, DOCSYNC_LOG_LEVEL: 'warn' },
      });
    });
    process.stdout.write(
      `ratios to the raw PUT: validate+bundle ${(load / raw).toFixed(2)}x, publish ${(publish / raw).toFixed(2)}x, cached verdict ${(cached / raw).toFixed(2)}x, ` +
        `publish+wait ${(wait / raw).toFixed(2)}x, CLI process ${(child / raw).toFixed(2)}x\n`,
    );
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
