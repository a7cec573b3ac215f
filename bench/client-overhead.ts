/**
 * What the API client costs on top of bare undici.
 *
 * A loopback node:http server (in a worker thread, so it does not share the event loop with the
 * clients) answers every request with a small list envelope of 3 change requests. The same number
 * of requests, with the same concurrency, is sent by:
 *   (a) undici's own `Pool.request()` + `body.json()`, no wrapper;
 *   (b) `ApiClient.request()` with the `listEnvelope(ChangeRequestSchema)` zod schema (bearer
 *       header, rate budget, retry loop, response validation included).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/client-overhead.js [requests] [concurrency]
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { ApiClient } from '../src/api/api-client.js';
import { ChangeRequestSchema } from '../src/api/schemas/change-request.js';
import { listEnvelope } from '../src/api/schemas/common.js';

const REQUESTS = Number(process.argv[2] ?? 20_000);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const WARMUP = 2_000;
const ROUNDS = 5;

const SERVER_CODE = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const cr = (n) => ({
  object: 'change-request', id: 'cr' + n, number: n, status: 'open', subject: 'Sync docs ' + n,
  createdBy: { object: 'user', id: 'u1', displayName: 'Ada Lovelace' },
  createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-02T00:00:00.000Z',
  revision: 'rev' + n, revisionInitial: 'rev0', comments: 0, outdated: false,
  urls: { app: 'https://app.example/cr' + n, location: 'https://api.example/cr' + n },
});
const body = JSON.stringify({ items: [cr(1), cr(2), cr(3)], count: 3 });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

async function startServer(): Promise<{ port: number; worker: Worker }> {
  const worker = new Worker(SERVER_CODE, { eval: true });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (value: number) => resolve(value));
    worker.once('error', reject);
  });
  return { port, worker };
}

/** Runs `total` calls of `call`, `concurrency` at a time; returns requests per second. */
async function measure(total: number, concurrency: number, call: () => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const lane = async (): Promise<void> => {
    while (next < total) {
      next += 1;
      await call();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return total / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const { port, worker } = await startServer();
  const origin = `http://127.0.0.1:${port}`;
  const headers = { accept: 'application/json', authorization: 'Bearer bench-token', 'user-agent': 'docsync' };

  const pool = new Pool(origin, { connections: CONCURRENCY });
  const raw = async (): Promise<unknown> => {
    const response = await pool.request({ method: 'GET', path: '/v1/spaces/s1/change-requests?limit=100', headers });
    return response.body.json();
  };

  const client = new ApiClient({ endpoint: origin, token: 'bench-token', connections: CONCURRENCY });
  const schema = listEnvelope(ChangeRequestSchema);
  const ours = (): Promise<unknown> => client.request({ path: '/spaces/s1/change-requests', query: { limit: 100 }, schema });

  // Sanity: both see the same data.
  const sample = await client.request({ path: '/spaces/s1/change-requests', schema });
  if (sample.items.length !== 3) throw new Error('unexpected bench response');

  await measure(WARMUP, CONCURRENCY, raw);
  await measure(WARMUP, CONCURRENCY, ours);

  console.log(`client overhead: ${REQUESTS} GETs per run, ${CONCURRENCY} in flight, ${ROUNDS} rounds, Node ${process.version}`);
  const undiciRates: number[] = [];
  const clientRates: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which goes first, so drift in machine load does not favour one side.
    let a: number;
    let b: number;
    if (round % 2 === 1) {
      a = await measure(REQUESTS, CONCURRENCY, raw);
      b = await measure(REQUESTS, CONCURRENCY, ours);
    } else {
      b = await measure(REQUESTS, CONCURRENCY, ours);
      a = await measure(REQUESTS, CONCURRENCY, raw);
    }
    undiciRates.push(a);
    clientRates.push(b);
    console.log(
      `round ${round}: (a) undici Pool.request ${a.toFixed(0)} req/s   (b) ApiClient.request+zod ${b.toFixed(0)} req/s   ratio b/a ${(b / a).toFixed(3)}`,
    );
  }
  const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  const a = median(undiciRates);
  const b = median(clientRates);
  console.log(`median: (a) undici ${a.toFixed(0)} req/s   (b) ApiClient ${b.toFixed(0)} req/s   ratio ours/undici ${(b / a).toFixed(3)}`);
  console.log(`added client-side time per request: ${((1 / b - 1 / a) * 1e6).toFixed(1)} µs`);

  await client.close();
  await pool.close();
  await worker.terminate();
}

await main();
