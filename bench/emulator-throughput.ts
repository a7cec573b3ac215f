/**
 * Emulator throughput: requests per second of a simple GET, and imports per second of a
 * 1,000-page GitBook-format zip (fetched by the emulator from a loopback server).
 * Run: npm run bench:emulator
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { zipSync, strToU8 } from 'fflate';
import { Pool } from 'undici';
import { startEmulator } from '../src/emulator/start-emulator.js';

const GETS = 20_000;
const IN_FLIGHT = 16;
const IMPORTS = 10;
const PAGES = 1_000;

function buildZip(pages: number): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const summary = ['# Summary', ''];
  for (let i = 0; i < pages; i++) {
    const folder = `section-${Math.floor(i / 50)}`;
    const path = `${folder}/page-${i}.md`;
    summary.push(`* [Page ${i}](${path})`);
    files[path] = strToU8(`---\ndescription: Page ${i}\n---\n# Page ${i}\n\n${'Some documentation text. '.repeat(60)}\n`);
  }
  files['README.md'] = strToU8('# Home\n');
  files['SUMMARY.md'] = strToU8(`${summary.join('\n')}\n`);
  return zipSync(files, { level: 6, mtime: new Date('1980-01-01T00:00:00Z') });
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ seed: 1 });
  const pool = new Pool(emulator.url, { connections: IN_FLIGHT });
  const headers = { authorization: 'Bearer emulator-admin' };

  let sent = 0;
  const getStart = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (sent < GETS) {
        sent += 1;
        const res = await pool.request({ method: 'GET', path: '/v1/spaces/space-docs/change-requests?status=open', headers });
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`GET answered ${res.statusCode}`);
      }
    }),
  );
  const getSeconds = (performance.now() - getStart) / 1000;

  const zip = buildZip(PAGES);
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/zip' }).end(zip));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const zipUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs.zip`;
  const importTimes: number[] = [];
  for (let i = 0; i < IMPORTS; i++) {
    const start = performance.now();
    const res = await pool.request({
      method: 'POST',
      path: '/v1/spaces/space-api/content/import',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: zipUrl, source: 'zip' }),
    });
    const body = (await res.body.json()) as { importedResources?: number };
    if (res.statusCode !== 201) throw new Error(`import answered ${res.statusCode}`);
    importTimes.push(performance.now() - start);
    if (i === 0) console.log(`import created ${body.importedResources ?? '?'} resources from a ${(zip.length / 1024).toFixed(0)} KiB zip`);
  }
  importTimes.sort((a, b) => a - b);
  const median = importTimes[Math.floor(importTimes.length / 2)] ?? 0;

  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| GET change-requests, ${GETS} requests, ${IN_FLIGHT} in flight | ${(GETS / getSeconds).toFixed(0)} req/s |`);
  console.log(`| import of a ${PAGES}-page zip, median of ${IMPORTS} | ${median.toFixed(0)} ms (${(1000 / median).toFixed(2)} imports/s, ${((PAGES * 1000) / median).toFixed(0)} pages/s) |`);
  console.log(`| import fastest / slowest | ${importTimes[0]?.toFixed(0)} ms / ${importTimes.at(-1)?.toFixed(0)} ms |`);

  server.close();
  await pool.close();
  await emulator.close();
}

await main();
