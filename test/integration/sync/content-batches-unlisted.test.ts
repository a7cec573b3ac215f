import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { createLogger } from '../../../src/logging/logger.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { sink } from '../../support/memory-sink.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';

/**
 * Today's document lets a content batch answer with the change request alone (its `compat=true`
 * answer), without the pages the batch touched. A proxy in front of the emulator drops docsync's
 * `compat=false`, so every batch is answered that way: the sync still lands every page, reading the
 * change request again where it needs the ids of pages a batch inserted, and says so once per batch.
 */

let emulator: RunningEmulator;
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
  const upstream = new URL(emulator.url);
  proxy = createServer((incoming, answer) => {
    const url = (incoming.url ?? '/').replace(/([?&])compat=false&?/, '$1').replace(/[?&]$/, '');
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: url, headers: { ...incoming.headers, host: upstream.host } },
      (back) => {
        answer.writeHead(back.statusCode ?? 502, back.headers);
        back.pipe(answer);
      },
    );
    incoming.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await emulator.close();
});

describe('content batches answered with the change request alone', () => {
  it('land every page: ids of inserted pages are read back from the change request, with a warning', async () => {
    const { dir } = await exampleWorkspace();
    const loaded = configFor({ ...emulator, url: proxyUrl }, dir, { changeRequest: { autoMerge: true } });
    const logs = sink();
    const result = await runSyncOnce(loaded, { dryRun: false, logger: createLogger({ destination: logs, format: 'json', env: {} }) });
    expect(result.failures).toEqual([]);
    expect(result.results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes' });
    const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as { type: string; pages?: unknown[] }[];
    const count = (list: readonly { type: string; pages?: unknown[] }[]): number =>
      list.reduce((n, page) => n + (page.type === 'document' ? 1 : 0) + count((page.pages ?? []) as { type: string; pages?: unknown[] }[]), 0);
    // The example's 27 pages and a page for each of its three `##` groups (`groups: pages`).
    expect(count(pages)).toBe(30);
    expect(logs.text()).toContain('without the pages it touched');
  });
});
