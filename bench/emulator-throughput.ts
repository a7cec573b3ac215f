/**
 * Emulator throughput: requests per second of a simple GET, imports per second of a 1,000-page
 * GitBook-format zip (fetched by the emulator from a loopback server), the time of one import of a
 * 10,000-page zip, and the time of one site-structure read at 1,000 and 10,000 sections (the
 * per-section cost should stay flat: the serialization is linear).
 * Run: npm run bench:emulator
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { zipSync, strToU8 } from 'fflate';
import { Pool } from 'undici';
import { startEmulator, type RunningEmulator } from '../src/emulator/start-emulator.js';

const GETS = 20_000;
const IN_FLIGHT = 16;
const IMPORTS = 10;
const PAGES = 1_000;
const LARGE_PAGES = 10_000;
const STRUCTURE_SIZES = [1_000, 10_000] as const;

/** A site of `sections` sections, each publishing `space-docs`, written straight into the state. */
function siteWithSections(emulator: RunningEmulator, sections: number): string {
  const { state } = emulator;
  const site = `site-bench-${sections}`;
  const now = state.timestamp();
  state.sites.set(site, {
    id: site,
    organization: 'org-emulator',
    type: 'basic',
    title: 'Bench site',
    visibility: 'public',
    published: true,
    createdAt: now,
    adaptiveContent: false,
    agentsContext: 'included',
    adaptiveSchema: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false }, updatedAt: now },
    structureOrder: [],
  });
  for (let i = 0; i < sections; i++) {
    const section = `${site}-sec-${i}`;
    const siteSpace = `${site}-ss-${i}`;
    state.sections.set(section, { id: section, site, title: `Section ${i}`, path: `section-${i}`, siteSpaceOrder: [siteSpace] });
    state.siteSpaces.set(siteSpace, { id: siteSpace, site, section, space: 'space-docs', path: `v${i}` });
  }
  return site;
}

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
  const emulator = await startEmulator({ contract: 'seed', seed: 1 });
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

  const largeZip = buildZip(LARGE_PAGES);
  const largeServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/zip' }).end(largeZip));
  await new Promise<void>((resolve) => largeServer.listen(0, '127.0.0.1', resolve));
  const largeStart = performance.now();
  const largeImport = await pool.request({
    method: 'POST',
    path: '/v1/spaces/space-docs/content/import',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${(largeServer.address() as AddressInfo).port}/large.zip`, source: 'zip' }),
  });
  await largeImport.body.dump();
  if (largeImport.statusCode !== 201) throw new Error(`the ${LARGE_PAGES}-page import answered ${largeImport.statusCode}`);
  const largeMs = performance.now() - largeStart;
  largeServer.close();

  const structureMs: number[] = [];
  for (const sections of STRUCTURE_SIZES) {
    const site = siteWithSections(emulator, sections);
    const start = performance.now();
    const res = await pool.request({ method: 'GET', path: `/v1/orgs/org-emulator/sites/${site}/structure`, headers });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`structure answered ${res.statusCode}`);
    structureMs.push(performance.now() - start);
  }

  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| GET change-requests, ${GETS} requests, ${IN_FLIGHT} in flight | ${(GETS / getSeconds).toFixed(0)} req/s |`);
  console.log(
    `| import of a ${PAGES}-page zip, median of ${IMPORTS} | ${median.toFixed(0)} ms (${(1000 / median).toFixed(2)} imports/s, ${((PAGES * 1000) / median).toFixed(0)} pages/s) |`,
  );
  console.log(`| import fastest / slowest | ${importTimes[0]?.toFixed(0)} ms / ${importTimes.at(-1)?.toFixed(0)} ms |`);
  console.log(
    `| import of a ${LARGE_PAGES}-page zip (${(largeZip.length / 1024 / 1024).toFixed(1)} MiB), one run | ${largeMs.toFixed(0)} ms (${((LARGE_PAGES * 1000) / largeMs).toFixed(0)} pages/s) |`,
  );
  STRUCTURE_SIZES.forEach((sections, i) => {
    const ms = structureMs[i] ?? 0;
    console.log(`| site structure read, ${sections} sections | ${ms.toFixed(0)} ms (${((ms * 1000) / sections).toFixed(0)} µs per section) |`);
  });

  server.close();
  await pool.close();
  await emulator.close();
}

await main();
