import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ApiClient } from '../../../src/api/api-client.js';
import { specPublishAction, specStatusAction, specValidateAction, specVersionsAction, type SpecIo } from '../../../src/cli/commands/spec-command.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { MissingTokenError } from '../../../src/config/missing-token-error.js';
import { EXIT, exitCodeFor } from '../../../src/failure/exit-codes.js';
import type { ReadScope } from '../../../src/config/read-scope.js';
import { loadSpec } from '../../../src/specs/load-spec.js';
import { publishSpec } from '../../../src/specs/publish-spec.js';
import { waitForSpec } from '../../../src/specs/wait-for-spec.js';
import { startByteServer } from '../../support/byte-server.js';
import { ORG, TOKENS, startTestEmulator } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
let dir: string;
let out: string[];

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(async () => {
  emulator.reset();
  dir = await mkdtemp(join(tmpdir(), 'docsync-specs-'));
  await cp(new URL('../../fixtures/specs', import.meta.url).pathname, join(dir, 'specs'), { recursive: true });
  out = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes docsync.yaml for these spec entries and returns its path. */
async function config(specs: Record<string, string>[]): Promise<string> {
  const file = join(dir, 'docsync.yaml');
  const specEntries = specs.map((s) => ({ organizationId: ORG, ...s }));
  await writeFile(file, stringify({ api: { endpoint: emulator.url, token: TOKENS.admin }, state: { path: 'state.json' }, specs: specEntries }));
  return file;
}

// Polls quickly: the test emulator moves a state every 5 ms.
const io = (): SpecIo => ({ stdout: (text) => out.push(text), env: {}, logger: silentLogger, sleep: (ms) => delay(Math.min(ms, 5)) });
const printed = (): string => out.join('');
const report = (): Record<string, any> => JSON.parse(printed());
const writes = (): number => emulator.stats().writes;
const puts = (): number =>
  emulator
    .stats()
    .routes.filter((r) => r.method === 'PUT')
    .reduce((n, r) => n + r.count, 0);
const liveSpec = (slug: string) => [...emulator.state.openapiSpecs.values()].find((s) => s.slug === slug);

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/openapi.yaml`;
}

describe('docsync spec publish against the emulator', () => {
  it('publishes a valid spec, waits until complete, and exits 0 with the new version id', async () => {
    const file = await config([{ slug: 'petstore', file: 'specs/petstore.yaml' }]);
    expect(await specPublishAction([], { config: file, wait: true, json: true }, io())).toBe(0);
    const version = liveSpec('petstore')?.lastVersion;
    expect(version).toEqual(expect.any(String));
    expect(report().results).toEqual([
      expect.objectContaining({ slug: 'petstore', outcome: 'published', version, processingState: 'complete', processing: { kind: 'done' } }),
    ]);
    expect(await new FileStateStore(join(dir, 'state.json')).get('spec:petstore')).toMatchObject({ lastVersion: version, lastHash: report().results[0].hash });
  });

  it('prints the version id in human output', async () => {
    const file = await config([{ slug: 'petstore', file: 'specs/petstore.yaml' }]);
    expect(await specPublishAction(['petstore'], { config: file, wait: true }, io())).toBe(0);
    expect(printed()).toContain(`published  petstore  version ${liveSpec('petstore')?.lastVersion ?? '?'}  complete`);
    expect(printed()).toMatch(/1 published\n$/);
  });

  it('moves through pending to complete', async () => {
    const api = new ApiClient({ endpoint: emulator.url, token: TOKENS.admin });
    try {
      const deps = { api, state: new MemoryStateStore(), logger: silentLogger };
      const published = await publishSpec(deps, { organizationId: ORG, slug: 'petstore', file: join(dir, 'specs/petstore.yaml') });
      const seen: string[] = [];
      const outcome = await waitForSpec(api, ORG, 'petstore', {
        initial: published.spec ?? undefined,
        sleep: () => delay(2),
        onRead: (s) => seen.push(s.processingState),
      });
      expect(seen[0]).toBe('pending');
      expect(seen.at(-1)).toBe('complete');
      expect(outcome).toMatchObject({ kind: 'done', version: published.spec?.lastVersion });
    } finally {
      await api.close();
    }
  });

  it('skips an unchanged multi-file spec without validating it, and validates again once a referenced file changes', async () => {
    const api = new ApiClient({ endpoint: emulator.url, token: TOKENS.admin });
    try {
      const loads: string[] = [];
      const deps = {
        api,
        state: new MemoryStateStore(),
        logger: silentLogger,
        load: (file: string, scope?: ReadScope) => {
          loads.push(file);
          return loadSpec(file, scope);
        },
      };
      const target = { organizationId: ORG, slug: 'multi', file: join(dir, 'specs/multi/openapi.yaml') };
      const first = await publishSpec(deps, target);
      expect(first.outcome).toBe('published');
      expect(loads).toHaveLength(1);

      const again = await publishSpec(deps, target);
      expect(again).toMatchObject({ outcome: 'skipped', hash: first.hash, referencedFiles: first.referencedFiles, source: first.source });
      expect(loads).toHaveLength(1);

      const schema = first.referencedFiles.find((f) => f.includes('/schemas/'));
      if (schema === undefined) throw new Error('the fixture has no referenced schema file');
      await writeFile(schema, `${await readFile(schema, 'utf8')}\n# edited\n`);
      const edited = await publishSpec(deps, target);
      expect(loads).toHaveLength(2);
      // A comment in a bundled file does not change what is sent: validated again, then skipped by the hash of the text.
      expect(edited).toMatchObject({ outcome: 'skipped', hash: first.hash });
      expect((await publishSpec(deps, target, { force: true })).outcome).toBe('published');
      expect(loads).toHaveLength(3);
    } finally {
      await api.close();
    }
  });

  it('refuses an invalid local file before any request, exit 2, naming the file and line', async () => {
    const file = await config([{ slug: 'broken', file: 'specs/invalid.yaml' }]);
    const before = emulator.stats().total;
    expect(await specPublishAction([], { config: file, wait: true }, io())).toBe(2);
    expect(emulator.stats().total).toBe(before);
    expect(printed()).toMatch(/failed {5}broken {2}\S*specs\/invalid\.yaml:7: \/paths\/~1pets\/get: must have required property 'responses'/);
  });

  it('refuses before any request when no token is given anywhere, exit 3; a dry run still plans without one', async () => {
    const file = join(dir, 'docsync.yaml');
    await writeFile(
      file,
      stringify({
        api: { endpoint: emulator.url },
        state: { path: 'state.json' },
        specs: [{ organizationId: ORG, slug: 'petstore', file: 'specs/petstore.yaml' }],
      }),
    );
    const before = emulator.stats().total;
    const refused: unknown = await specPublishAction([], { config: file }, io()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MissingTokenError);
    expect(String(refused)).toMatch(/docsync\.yaml: api\.token: no API token; set GITBOOK_TOKEN/);
    expect(exitCodeFor(refused)).toBe(EXIT.auth);
    await expect(specStatusAction(undefined, { config: file }, io())).rejects.toThrow(MissingTokenError);
    // With --org and no configuration file, the error names no file that is not there.
    const orgOnly: unknown = await specStatusAction(
      undefined,
      { config: join(dir, 'none.yaml'), org: ORG },
      { ...io(), env: { DOCSYNC_ENDPOINT: emulator.url } },
    ).catch((error: unknown) => error);
    expect(orgOnly).toBeInstanceOf(MissingTokenError);
    expect(String(orgOnly)).toMatch(/^MissingTokenError: api\.token: no API token; set GITBOOK_TOKEN/);
    expect(exitCodeFor(orgOnly)).toBe(EXIT.auth);
    expect(emulator.stats().total).toBe(before);
    expect(await specPublishAction([], { config: file, dryRun: true }, io())).toBe(0);
    expect(emulator.stats().total).toBe(before);
  });

  it('annotates the invalid file at its line on GitHub Actions', async () => {
    const file = await config([{ slug: 'broken', file: 'specs/invalid.yaml' }]);
    await specPublishAction([], { config: file }, { ...io(), env: { GITHUB_ACTIONS: 'true' } });
    expect(printed()).toContain(`::error file=${join(dir, 'specs/invalid.yaml')},line=7,title=docsync spec broken::`);
  });

  it("escapes a file name's commas and colons in the annotation, so the runner reads the whole path", async () => {
    await cp(join(dir, 'specs/invalid.yaml'), join(dir, 'specs/v1,beta: draft.yaml'));
    const file = await config([{ slug: 'broken', file: 'specs/v1,beta: draft.yaml' }]);
    await specPublishAction([], { config: file }, { ...io(), env: { GITHUB_ACTIONS: 'true' } });
    expect(printed()).toContain(`::error file=${join(dir, 'specs/v1%2Cbeta%3A draft.yaml')},line=7,title=docsync spec broken::`);
  });

  it('ends in FETCH_ERROR with exit 1 for a URL the emulator cannot fetch', async () => {
    const url = await closedPortUrl();
    const file = await config([{ slug: 'remote', url }]);
    expect(await specPublishAction([], { config: file, wait: true, json: true }, io())).toBe(1);
    const { results, failures } = report();
    expect(results[0]).toMatchObject({ outcome: 'published', processing: { kind: 'failed', code: 'FETCH_ERROR' } });
    expect(failures).toEqual([expect.objectContaining({ target: 'spec:remote', code: 'E_SPEC_FETCH_ERROR', exitCode: 1 })]);
    expect(failures[0].error).toContain(url);
    expect(failures[0].error).toMatch(/reachable from the platform.*public.*2xx/s);
  });

  it('makes zero writes for an unchanged spec, and still reports it complete', async () => {
    const file = await config([{ slug: 'petstore', file: 'specs/petstore.yaml' }]);
    expect(await specPublishAction([], { config: file, wait: true }, io())).toBe(0);
    const writesBefore = writes();
    out = [];
    expect(await specPublishAction([], { config: file, wait: true, json: true }, io())).toBe(0);
    expect(writes()).toBe(writesBefore);
    expect(report().results[0]).toMatchObject({ outcome: 'skipped', reason: 'unchanged since the last publish', processingState: 'complete' });
  });

  it('makes zero writes for an unchanged spec on a runner without local state, and adds no version', async () => {
    const file = await config([
      { slug: 'petstore', file: 'specs/petstore.yaml' },
      { slug: 'multi', file: 'specs/multi/openapi.yaml' },
    ]);
    expect(await specPublishAction([], { config: file, wait: true }, io())).toBe(0);
    const versions = (slug: string): number => liveSpec(slug)?.versions.length ?? 0;
    for (const run of [1, 2]) {
      await rm(join(dir, 'state.json'), { force: true });
      const writesBefore = writes();
      out = [];
      expect(await specPublishAction([], { config: file, wait: true, json: true }, io())).toBe(0);
      expect(writes(), `run ${run}`).toBe(writesBefore);
      expect(report().results).toEqual([
        expect.objectContaining({ slug: 'petstore', outcome: 'skipped', reason: 'the platform already holds this spec' }),
        expect.objectContaining({ slug: 'multi', outcome: 'skipped', reason: 'the platform already holds this spec' }),
      ]);
      expect([versions('petstore'), versions('multi')]).toEqual([1, 1]);
    }
    // What it found is remembered: the next run on this runner skips from its own state.
    out = [];
    await specPublishAction(['petstore'], { config: file, json: true }, io());
    expect(report().results[0]).toMatchObject({ outcome: 'skipped', reason: 'unchanged since the last publish' });
  });

  it('publishes on a runner without local state when the platform holds another version of the spec', async () => {
    const file = await config([{ slug: 'petstore', file: 'specs/petstore.yaml' }]);
    await specPublishAction([], { config: file, wait: true }, io());
    const spec = join(dir, 'specs/petstore.yaml');
    await writeFile(spec, (await readFile(spec, 'utf8')).replace('version: 1.0.0', 'version: 1.0.1'));
    await rm(join(dir, 'state.json'));
    out = [];
    expect(await specPublishAction([], { config: file, wait: true, json: true }, io())).toBe(0);
    expect(report().results[0]).toMatchObject({ outcome: 'published', reason: 'the platform holds a different version of the spec' });
    expect(liveSpec('petstore')?.versions).toHaveLength(2);
  });

  it('skips an unchanged URL spec on a runner without local state', async () => {
    const server = await startByteServer();
    try {
      server.set('/openapi.yaml', await readFile(join(dir, 'specs/petstore.yaml')), 'application/yaml');
      const file = await config([{ slug: 'remote', url: server.url('/openapi.yaml') }]);
      expect(await specPublishAction([], { config: file, wait: true }, io())).toBe(0);
      await rm(join(dir, 'state.json'));
      const writesBefore = writes();
      out = [];
      expect(await specPublishAction([], { config: file, wait: true, json: true }, io())).toBe(0);
      expect(writes()).toBe(writesBefore);
      expect(report().results[0]).toMatchObject({ outcome: 'skipped', reason: 'the platform already holds this spec' });
      expect(liveSpec('remote')?.versions).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('skips an unchanged URL unless forced', async () => {
    const url = await closedPortUrl();
    const file = await config([{ slug: 'remote', url }]);
    await specPublishAction([], { config: file, wait: true }, io());
    const putsBefore = puts();
    await specPublishAction([], { config: file, wait: false, force: true }, io());
    expect(puts()).toBe(putsBefore + 1);
  });

  it('bundles a multi-file spec and publishes it as one document', async () => {
    const file = await config([{ slug: 'multi', file: 'specs/multi/openapi.yaml' }]);
    expect(await specPublishAction([], { config: file, wait: true, json: true }, io())).toBe(0);
    expect(puts()).toBe(1);
    expect(report().results[0].source).toMatchObject({ kind: 'file', files: 3 });
    const spec = liveSpec('multi');
    const text = emulator.state.openapiVersions.get(spec?.lastVersion ?? '')?.text ?? '';
    expect(text).toContain('owner:');
    expect(text).not.toContain('schemas/pet.yaml');
    expect(spec?.lastProcessErrorCode).toBeUndefined();
  });

  it('writes nothing in a dry run and says what it would do', async () => {
    const file = await config([{ slug: 'petstore', file: 'specs/petstore.yaml' }]);
    expect(await specPublishAction([], { config: file, dryRun: true, wait: true }, io())).toBe(0);
    expect(writes()).toBe(0);
    expect(printed()).toMatch(/^DRY-RUN: would publish spec petstore to org-emulator from \S+petstore\.yaml \(\d+\.\d kB\): not on the platform yet$/m);
    await expect(readFile(join(dir, 'state.json'))).rejects.toThrow(/ENOENT/);
  });
});

describe('docsync spec status and versions', () => {
  it('shows state, last version and last error; exit 1 when processing failed', async () => {
    const file = await config([
      { slug: 'petstore', file: 'specs/petstore.yaml' },
      { slug: 'remote', url: await closedPortUrl() },
    ]);
    await specPublishAction([], { config: file, wait: true }, io());
    out = [];
    expect(await specStatusAction('petstore', { config: file, json: true }, io())).toBe(0);
    expect(report()).toEqual([
      expect.objectContaining({ slug: 'petstore', state: 'complete', lastVersion: liveSpec('petstore')?.lastVersion, lastError: null }),
    ]);
    out = [];
    expect(await specStatusAction(undefined, { config: file }, io())).toBe(1);
    expect(printed()).toMatch(/remote\s+complete\s+version \S+.*\n\s+error FETCH_ERROR: /);
  });

  it('lists versions newest first', async () => {
    const file = await config([{ slug: 'petstore', file: 'specs/petstore.yaml' }]);
    await specPublishAction([], { config: file }, io());
    await specPublishAction([], { config: file, force: true }, io());
    out = [];
    expect(await specVersionsAction('petstore', { config: file, json: true }, io())).toBe(0);
    const versions = report() as unknown as { id: string }[];
    expect(versions).toHaveLength(2);
    expect(versions[0]?.id).toBe(liveSpec('petstore')?.lastVersion);
  });

  it('prints no control character, workflow command or token that the API or a spec file sent', async () => {
    // Not strict: the official schema would refuse these ids in the answers' URLs; a hostile server sends them anyway.
    const loose = await startEmulator({ contract: 'current', processingStepMs: 5 });
    const file = join(dir, 'docsync.yaml');
    const specs = [{ organizationId: ORG, slug: 'petstore', file: 'specs/petstore.yaml' }];
    await writeFile(file, stringify({ api: { endpoint: loose.url, token: TOKENS.admin }, state: { path: 'state.json' }, specs }));
    await specPublishAction([], { config: file, wait: true }, io());
    // The platform names its latest version with terminal escapes, a workflow command and the token.
    const hostile = `v1\u001b[2J\r\n::add-mask::x${TOKENS.admin}y`;
    const spec = [...loose.state.openapiSpecs.values()].find((s) => s.slug === 'petstore')!;
    loose.state.openapiVersions.set(hostile, { ...loose.state.openapiVersions.get(spec.lastVersion!)!, id: hostile });
    spec.versions.push(hostile);
    spec.lastVersion = hostile;
    // The spec file's own version does the same.
    const specFile = join(dir, 'specs/petstore.yaml');
    await writeFile(specFile, (await readFile(specFile, 'utf8')).replace('openapi: 3.0.3', 'openapi: "3.0.3\\e]0;owned\\a\\n::warning::from the spec"'));
    out = [];
    const onActions = { ...io(), env: { GITHUB_ACTIONS: 'true' } };
    await specPublishAction([], { config: file, dryRun: true }, onActions);
    await specStatusAction('petstore', { config: file }, onActions);
    await specVersionsAction('petstore', { config: file }, onActions);
    await specValidateAction([specFile], {}, onActions);
    await specStatusAction('petstore', { config: file, json: true }, onActions);
    await loose.close();
    const text = printed();
    // Shown, escaped, on the line it belongs to.
    expect(text).toMatch(/^petstore +complete +version v1\\u001b\[2J\\r\\n: :add-mask: :x\S+y /m);
    expect(text).toMatch(/^invalid .*Unsupported OpenAPI version: 3\.0\.3\\u001b]0;owned\\u0007\\n: :warning: :from the spec\./m);
    // eslint-disable-next-line no-control-regex -- the characters that must not be printed
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    // The one workflow command is docsync's own annotation of the invalid file.
    expect(text.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([
      expect.stringMatching(/^::error file=.*,title=docsync spec petstore::.*: :warning: :/),
    ]);
    expect(text).not.toContain(TOKENS.admin);
  });

  it('reads an unconfigured slug with --org and no config file', async () => {
    const file = await config([{ slug: 'petstore', file: 'specs/petstore.yaml' }]);
    await specPublishAction([], { config: file }, io());
    out = [];
    const env = { DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: TOKENS.read };
    expect(await specVersionsAction('petstore', { config: join(dir, 'none.yaml'), org: ORG }, { ...io(), env })).toBe(0);
    expect(printed()).toContain(liveSpec('petstore')?.lastVersion ?? '?');
  });
});
