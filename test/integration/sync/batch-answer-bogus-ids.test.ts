import { appendFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/api-client.js';
import { NoArtifactStore } from '../../../src/artifacts/no-artifact-store.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { BatchRefusedError } from '../../../src/sync/errors/batch-refused-error.js';
import type { PlannedChange } from '../../../src/sync/pages/page-plan.js';
import { sendBatches, type SentBatches } from '../../../src/sync/pages/send-batches.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

/**
 * An API that answers a content batch with page ids docsync did not send or that name no page. An
 * id no API gives (control characters) or a ref that was not sent is not kept: the sending stops and
 * the caller plans the rest from the change request. A plausible id that names no page makes the
 * next batch, which places a child under it, refused by the emulator: the error blames the API's
 * answer, not the child's file.
 */

const SPACE = 'space-docs';
let emulator: RunningEmulator;
let api: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
  api = new ApiClient({ endpoint: emulator.url, token: 'emulator-admin', logger: silentLogger });
});

afterAll(async () => {
  await api.close();
  await emulator.close();
});

const changes: PlannedChange[] = [
  { kind: 'insert-page', ref: 'guide', path: 'guide.md', title: 'Guide', slug: 'guide', parent: null, at: 0 },
  { kind: 'insert-page', ref: 'child', path: 'child.md', title: 'Child', slug: 'child', parent: { ref: 'guide' }, at: 0 },
];

/** Sends `changes` into a new change request, each created page's answer rewritten by `bogus`. */
async function sendWithAnswers(bogus: (created: { ref: string; id: string }) => { ref: string; id: string }): Promise<SentBatches> {
  const changeRequest = (await api.changeRequests.create(SPACE, { subject: 'bogus ids' })).id;
  const content = {
    applyChanges: async (...args: Parameters<ApiClient['content']['applyChanges']>) => {
      const answer = await api.content.applyChanges(...args);
      const listed = answer.changes?.map((change) => {
        if (change.object !== 'created_page' || change.ref === undefined || typeof change.page !== 'object') return change;
        const { ref, id } = bogus({ ref: change.ref, id: change.page.id });
        return { ...change, ref, page: { ...change.page, id } };
      });
      return { ...answer, changes: listed };
    },
  };
  return sendBatches(
    { api: { content }, artifacts: new NoArtifactStore() },
    {
      spaceId: SPACE,
      changeRequest,
      where: 'change request #1',
      changes,
      hashes: new Map(),
      fileIds: new Map(),
      delivered: { pages: new Map([]), files: new Map([]) },
      read: (paths) => Readable.from(paths.map((path) => ({ path, bytes: new TextEncoder().encode(`# ${path}\n`) }))),
      afterBatch: () => Promise.resolve(),
    },
  );
}

describe('a content-batch answer with bogus page ids', () => {
  it('an id that names no page is reported as the API answering ids it was not sent, not as a fault of the file', async () => {
    const error = await sendWithAnswers(({ ref }) => ({ ref, id: 'no-such-page' })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(BatchRefusedError);
    const refused = error as BatchRefusedError;
    expect(refused.file).toBeUndefined();
    expect(refused.message).not.toContain('Fix child.md');
    expect(refused.message).toContain('The API answered page ids for pages docsync did not send, or ids that name no page');
    expect(refused.message).toContain('Sync again');
  });

  it.each([
    ['an id with CR/LF and a workflow command', ({ ref }: { ref: string }) => ({ ref, id: 'bogus\r\n::warning::planted' })],
    ['an id for a ref docsync did not send', ({ id }: { id: string }) => ({ ref: 'never-sent', id })],
  ])('%s is not kept: the sending stops there, for the caller to plan the rest from the change request', async (_name, bogus) => {
    const sent = await sendWithAnswers(bogus);
    expect(sent).toMatchObject({ batches: 1, unlisted: true, strayIds: true });
    expect([...sent.delivered.pages.values()]).toEqual([]);
  });
});

describe('a sync whose content-batch answers name refs docsync did not send', () => {
  it('lands every page all the same: the rest is planned from the change request', async () => {
    const { createServer, request } = await import('node:http');
    const target = new URL(emulator.url);
    // Forwards to the emulator; each content batch's answer has its created pages' refs renamed.
    const proxy = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const out = request(
          { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
          (answer) => {
            const parts: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => parts.push(chunk));
            answer.on('end', () => {
              let body = Buffer.concat(parts).toString('utf8');
              if (incoming.method === 'POST' && /\/change-requests\/[^/]+\/content(?:\?|$)/.test(incoming.url ?? '') && answer.statusCode === 200) {
                body = body.replace(/"ref":"/g, '"ref":"never-sent-');
              }
              const { 'content-length': _length, 'transfer-encoding': _chunked, connection: _connection, ...headers } = answer.headers;
              response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
              response.end(body);
            });
          },
        );
        out.on('error', () => response.destroy());
        out.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const { dir, docs } = await exampleWorkspace();
      // New pages, a parent and its child: the child is placed by the id the answer gives its parent.
      await writeFile(join(docs, 'new.md'), '# New\n');
      await writeFile(join(docs, 'new-child.md'), '# New child\n');
      await appendFile(join(docs, 'SUMMARY.md'), '\n* [New](new.md)\n  * [New child](new-child.md)\n');
      const report = await syncOnce(
        configFor({ ...emulator, url: `http://127.0.0.1:${port}` }, dir, { delivery: 'changes', changeRequest: { autoMerge: true } }),
      );
      expect(report.failures).toEqual([]);
      expect(report.results[0]?.warnings).toContainEqual(expect.stringContaining('with page ids for pages docsync did not send'));
      const pages = JSON.stringify((await api.content.getRevision({ spaceId: SPACE })).pages);
      expect(pages).toContain('"title":"New child"');
      expect(pages).toContain('"title":"New"');
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
