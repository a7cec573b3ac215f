import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { stringify } from 'yaml';
import { ApiClient } from '../../../src/api/api-client.js';
import type { ContractName } from '../../../src/api/contracts/api-contract.js';
import { DEFAULT_FIXTURE } from '../../../src/emulator/fixtures/default-fixture.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { runIdFor } from '../../../src/migrate/run-id.js';
import { reconcileSite } from '../../../src/site/reconcile-site.js';
import { publishSpec } from '../../../src/specs/publish-spec.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { pullSpace } from '../../../src/sync/pull/pull-space.js';
import { ORG, TOKENS, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { docsFolder, runInlinePlan } from '../../support/migrate-support.js';
import { emptySite, fullManifest, manifestTarget, siteDeps } from '../../support/site-test-support.js';
import { contract, currentContract } from './official-contract.js';

const downloader = new UrlDownloader({ attempts: 1 });
afterAll(() => downloader.close());

/**
 * Every request docsync sends in its main flows (sync, spec publish, site apply, migrate, pull)
 * passes through a recording proxy in front of the emulator, in each contract (the emulator strict,
 * so its answers are held to the same document); each must be an operation of the document of the
 * API it talks to, and each JSON body must satisfy that operation's request schema there.
 */

interface Recorded {
  readonly flow: string;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** Forwards to `upstream` and records what docsync sent, tagged with the current flow. */
async function recordingProxy(upstream: string, recorded: Recorded[], flow: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', upstream);
      recorded.push({ flow: flow(), method: req.method ?? 'GET', path: url.pathname, body: text === '' ? undefined : (JSON.parse(text) as unknown) });
      const hopByHop = ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'];
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && !hopByHop.includes(e[0])),
      );
      fetch(url, { method: req.method, headers, body: text === '' ? undefined : text })
        .then(async (answer) => {
          const payload = Buffer.from(await answer.arrayBuffer());
          const forwarded = Object.fromEntries(
            [...answer.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)),
          );
          res.writeHead(answer.status, forwarded).end(payload);
        })
        .catch((error: unknown) => {
          console.error('proxy', error);
          res.writeHead(502).end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The operation that carries content: a zip import in the seed's API, change-request batches in today's. */
const CONTENT_WRITES: Readonly<Record<ContractName, string>> = { seed: 'importContentInChangeRequest', current: 'updateChangeRequestContent' };

/** The flows run against each API: the same on both, each writing content the way its API offers. */
const FLOWS: Readonly<Record<ContractName, readonly string[]>> = {
  seed: ['sync', 'spec publish', 'site apply', 'migrate', 'pull'],
  current: ['sync', 'spec publish', 'site apply', 'migrate', 'pull'],
};

describe.each(['seed', 'current'] as const)('every request docsync sends to the %s API satisfies its document', (mode) => {
  const validator = mode === 'seed' ? contract : currentContract;
  const flows = FLOWS[mode];
  const recorded: Recorded[] = [];
  let flow = 'setup';
  let emulator: RunningEmulator;
  let proxy: { url: string; server: Server };
  /** The emulator as docsync sees it: through the proxy. */
  let via: RunningEmulator;

  beforeAll(async () => {
    // Spaces space-1 … space-8 beside the default fixture's, for sites and migration targets.
    const spaces = [
      ...DEFAULT_FIXTURE.spaces,
      ...Array.from({ length: 8 }, (_, i) => ({ id: `space-${i + 1}`, organization: ORG, title: `Space ${i + 1}`, pages: [] })),
    ];
    const fixtures = path.join(await makeTempDir('docsync-contract-fixture-'), 'fixture.yaml');
    await writeFile(fixtures, stringify({ ...DEFAULT_FIXTURE, spaces }));
    emulator = await startTestEmulator({ fixtures, contract: mode });
    proxy = await recordingProxy(emulator.url, recorded, () => flow);
    via = { ...emulator, url: proxy.url };
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
    await emulator.close();
    await removeTempDirs();
  });

  /** A plan of three items (a folder through a change request, one direct, one copied from a space). */
  async function migrate(): Promise<void> {
    flow = 'migrate';
    const migrateDir = await makeTempDir('docsync-contract-migrate-');
    await docsFolder(path.join(migrateDir, 'sources'), 'set-a', 2);
    await docsFolder(path.join(migrateDir, 'sources'), 'set-b', 2);
    const planFile = path.join(migrateDir, 'plan.yaml');
    await writeFile(
      planFile,
      stringify({
        defaults: { mode: 'change-request' },
        items: [
          { id: 'a', source: './sources/set-a', space: 'space-6', merge: true },
          { id: 'b', source: './sources/set-b', space: 'space-7', mode: 'direct' },
          { id: 'c', source: 'space:space-docs', space: 'space-8' },
        ],
      }),
    );
    const plan = await loadPlan(planFile);
    const { report } = await runInlinePlan(via, migrateDir, plan, runIdFor(plan));
    expect(report.items.filter((i) => i.status !== 'done').map((i) => `${i.id}: ${'error' in i ? (i.error?.message ?? '') : i.status}`)).toEqual([]);
  }

  it(`${FLOWS[mode].join(', ')} (sync: change request, then direct)`, async () => {
    flow = 'sync';
    const proposed = await exampleWorkspace();
    expect((await syncOnce(configFor(via, proposed.dir, { changeRequest: { autoMerge: true } }))).failures).toEqual([]);
    const direct = await exampleWorkspace();
    await writeFile(path.join(direct.docs, 'README.md'), '# Welcome\n\nEdited for a direct import.\n');
    expect((await syncOnce(configFor(via, direct.dir, { mode: 'direct' }))).failures).toEqual([]);

    flow = 'spec publish';
    const api = new ApiClient({ endpoint: via.url, token: TOKENS.admin });
    try {
      const specs = new URL('../../fixtures/specs/petstore.yaml', import.meta.url).pathname;
      const published = await publishSpec({ api, state: new MemoryStateStore(), logger: silentLogger }, { organizationId: ORG, slug: 'petstore', file: specs });
      expect(published.spec).toBeDefined();

      flow = 'site apply';
      const siteDir = await makeTempDir('docsync-contract-site-');
      const siteId = await emptySite(emulator);
      await reconcileSite(siteDeps(via), await manifestTarget(siteDir, fullManifest(siteId)));

      if (flows.includes('migrate')) await migrate();

      flow = 'pull';
      const pulled = await pullSpace({ api, download: downloader.download }, { spaceId: 'space-docs', directory: await makeTempDir('docsync-contract-pull-') });
      expect(pulled.warnings).toBeDefined();
    } finally {
      await api.close();
    }

    const rows = flows.map((name) => {
      const sent = recorded.filter((r) => r.flow === name);
      const withBody = sent.filter((r) => r.body !== undefined);
      const violations: string[] = [];
      for (const request of sent) {
        const operation = validator.operations.find(request.method, request.path.replace(/^\/v1/, ''));
        if (operation === undefined) {
          violations.push(`${request.method} ${request.path}: not an operation of the API`);
          continue;
        }
        if (request.body === undefined) continue;
        for (const v of validator.checkRequest(operation, request.body)) {
          violations.push(`${operation.operationId} ${v.path || '/'} ${v.message}: ${JSON.stringify(request.body).slice(0, 200)}`);
        }
      }
      const operations = new Set(withBody.map((r) => validator.operations.find(r.method, r.path.replace(/^\/v1/, ''))?.operationId));
      return { name, requests: sent.length, bodies: withBody.length, operations: [...operations].sort(), violations };
    });
    // The evidence: requests and bodies per flow, the operations that carried a body, and violations.
    console.log(
      [
        `request bodies, ${mode} (flow, requests, JSON bodies, violations, operations with a body):`,
        ...rows.map((r) => `  ${r.name}  ${r.requests}  ${r.bodies}  ${r.violations.length}  ${r.operations.join(' ')}`),
        `  total: ${rows.reduce((s, r) => s + r.requests, 0)} requests, ${rows.reduce((s, r) => s + r.bodies, 0)} bodies, ${rows.reduce((s, r) => s + r.violations.length, 0)} violations`,
      ].join('\n'),
    );
    for (const row of rows) expect(row.requests, row.name).toBeGreaterThan(0);
    expect(rows.flatMap((r) => r.violations)).toEqual([]);
    // Content went in the way this API takes it, in sync and in migrate.
    for (const name of ['sync', 'migrate'].filter((f) => flows.includes(f)))
      expect(rows.find((r) => r.name === name)?.operations, name).toContain(CONTENT_WRITES[mode]);
    // Every answer the strict emulator gave was valid under the same document.
    const invalid = (emulator.conformance() ?? []).filter((o) => Object.values(o.statuses).some(([, bad]) => bad > 0));
    expect(invalid).toEqual([]);
  });
});
