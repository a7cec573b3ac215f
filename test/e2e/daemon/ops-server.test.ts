import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpsServer, type OpsServer, type OpsServerOptions } from '../../../src/daemon/ops-server.js';
import type { Logger } from '../../../src/logging/logger.js';
import { Metrics } from '../../../src/observability/metrics.js';
import { chromiumPath, testRedisUrl } from '../../support/test-environment.js';

const CREDENTIAL = { username: 'operator', password: 'correct-horse-battery' };

/** A logger that keeps every line, to prove the credential never reaches one. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (fields: object, message?: string): void => {
    lines.push(JSON.stringify({ fields, message }));
  };
  return { lines, debug: record, info: record, warn: record, error: record };
}

let server: OpsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(overrides: Partial<OpsServerOptions> = {}): Promise<OpsServer> {
  server = await startOpsServer({
    listen: '127.0.0.1:0',
    metrics: new Metrics(),
    readiness: () => Promise.resolve({ redis: true, api: true }),
    queues: [],
    dashboard: undefined,
    logger: recordingLogger(),
    ...overrides,
  });
  return server;
}

const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('ops server: health, readiness, metrics', () => {
  it('answers /healthz with 200 while the process runs', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when Redis and the API are reachable, 503 naming what failed otherwise', async () => {
    let report = { redis: true, api: true, details: { redis: 'PONG' } };
    const { url } = await start({ readiness: () => Promise.resolve(report) });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', failed: [], details: { redis: 'PONG' } });

    report = { redis: true, api: false, details: { redis: 'PONG' } };
    const notReady = await fetch(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not ready', redis: true, api: false, failed: ['api'] });
  });

  it('answers /readyz 503 when the check throws or hangs, without echoing the error', async () => {
    const logger = recordingLogger();
    const throwing = await start({ logger, readiness: () => Promise.reject(new Error('connect redis://:hunter2@db:6379 refused')) });
    const thrown = await fetch(`${throwing.url}/readyz`);
    expect(thrown.status).toBe(503);
    const body = await thrown.text();
    expect(body).toContain('"failed":["redis","api"]');
    expect(body).not.toContain('hunter2');
    await throwing.close();

    const hanging = await start({ readiness: () => new Promise(() => undefined), readinessTimeoutMs: 100 });
    const timedOut = await fetch(`${hanging.url}/readyz`);
    expect(timedOut.status).toBe(503);
    expect(await timedOut.json()).toMatchObject({ details: { error: expect.stringContaining('timed out') } });
  });

  it('exposes the named Prometheus series on /metrics', async () => {
    const metrics = new Metrics({ kinds: ['spec-poll'] });
    metrics.jobSettled('space-sync', 'completed', 1_250);
    metrics.jobSettled('space-sync', 'rate-limited', 10);
    metrics.apiRequest('get', 200);
    metrics.apiRequest('POST', 429);
    metrics.driftFound('site-reconcile', 3);
    metrics.driftFound('site-reconcile', 0);
    metrics.platformEditsKept('docs', ['edited', 'edited', 'conflict']);
    metrics.setQueueDepthCollector(() =>
      Promise.resolve([
        { kind: 'space-sync', state: 'waiting', count: 4 },
        { kind: 'space-sync', state: 'active', count: 1 },
      ]),
    );
    const { url } = await start({ metrics });
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('docsync_jobs_total{kind="space-sync",outcome="completed"} 1');
    expect(text).toContain('docsync_jobs_total{kind="space-sync",outcome="rate-limited"} 1');
    expect(text).toContain('docsync_jobs_total{kind="spec-poll",outcome="failed"} 0');
    expect(text).toContain('docsync_api_requests_total{method="GET",status="200"} 1');
    expect(text).toContain('docsync_api_requests_total{method="POST",status="429"} 1');
    expect(text).toContain('docsync_sync_duration_seconds_bucket{le="2.5",kind="space-sync"} 1');
    expect(text).toContain('docsync_sync_duration_seconds_count{kind="space-sync"} 1');
    expect(text).toContain('docsync_drift_found_total{kind="site-reconcile"} 3');
    expect(text).toContain('docsync_platform_edits_total{target="docs",outcome="edited"} 2');
    expect(text).toContain('docsync_platform_edits_total{target="docs",outcome="conflict"} 1');
    expect(text).toContain('docsync_queue_depth{kind="space-sync",state="waiting"} 4');
    expect(text).toContain('docsync_queue_depth{kind="space-sync",state="active"} 1');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('keeps answering /metrics when the queue depths cannot be read', async () => {
    const metrics = new Metrics({ processMetrics: false });
    metrics.setQueueDepthCollector(() => Promise.reject(new Error('redis down')));
    const { url } = await start({ metrics });
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('docsync_queue_depth_collect_errors_total 1');
    expect(text).not.toMatch(/^docsync_queue_depth\{/m);
  });

  it('serves no dashboard when no credential is configured', async () => {
    const { url } = await start();
    expect((await fetch(`${url}/admin/queues`, { headers: { authorization: basic(CREDENTIAL.username, CREDENTIAL.password) } })).status).toBe(404);
  });
});

describe('ops server: the queue dashboard', () => {
  const prefix = `test-ops-${process.pid}-${Date.now()}`;
  const queueName = `docsync-space-sync-${process.pid}`;
  let queue: Queue | undefined;
  let browser: BrowserContext | undefined;
  let userDataDir: string | undefined;

  beforeAll(async () => {
    const redis = new URL(testRedisUrl());
    queue = new Queue(queueName, { connection: { host: redis.hostname, port: Number(redis.port) }, prefix });
    await queue.add('space-sync', { target: 'handbook', reason: 'test' });
  });

  /** Headless Chromium, launched by the one test that drives it: a missing browser fails that test alone. */
  async function launchBrowser(): Promise<BrowserContext> {
    const executablePath = chromiumPath();
    userDataDir = await mkdtemp(join(tmpdir(), 'docsync-chromium-'));
    // A fresh profile per run (Playwright takes it as the persistent context's directory, not as
    // an argument), so Chromium never touches a real profile and nothing carries over between runs.
    browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    return browser;
  }

  afterAll(async () => {
    await browser?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
    // Only this test's queue, under its own prefix: the shared Redis is never flushed.
    await queue?.obliterate({ force: true });
    await queue?.close();
  });

  it('reports the depth of a real queue on /metrics', async () => {
    const metrics = new Metrics({ processMetrics: false });
    metrics.setQueueDepthCollector(async () =>
      Object.entries(await queue!.getJobCounts('waiting', 'active', 'delayed', 'failed')).map(([state, count]) => ({ kind: 'space-sync', state, count })),
    );
    const { url } = await start({ metrics });
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('docsync_queue_depth{kind="space-sync",state="waiting"} 1');
    expect(text).toContain('docsync_queue_depth{kind="space-sync",state="failed"} 0');
  });

  it('guards every dashboard route with basic auth and never logs the credential', async () => {
    const logger = recordingLogger();
    const { url } = await start({ queues: [queue!], dashboard: CREDENTIAL, logger });
    for (const path of ['/admin/queues', '/admin/queues/', '/admin/queues/api/queues']) {
      const missing = await fetch(`${url}${path}`);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      const wrong = await fetch(`${url}${path}`, { headers: { authorization: basic(CREDENTIAL.username, 'wrong-password-123') } });
      expect(wrong.status).toBe(401);
    }
    const api = await fetch(`${url}/admin/queues/api/queues`, { headers: { authorization: basic(CREDENTIAL.username, CREDENTIAL.password) } });
    expect(api.status).toBe(200);
    expect(await api.text()).toContain(queueName);
    expect(logger.lines.join('\n')).not.toContain(CREDENTIAL.password);
    expect(logger.lines.join('\n')).not.toContain(Buffer.from(`${CREDENTIAL.username}:${CREDENTIAL.password}`).toString('base64'));
  });

  it('renders the dashboard with its queues in headless Chromium, 401 without the credential', async () => {
    const { url } = await start({ queues: [queue!], dashboard: CREDENTIAL });

    const page = await (await launchBrowser()).newPage();
    try {
      // Headless Chromium has no password prompt: it fails the navigation after the 401 arrives,
      // so the status is read from the response event rather than from goto's result.
      const challenge = page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/queues', { timeout: 10_000 });
      await expect(page.goto(`${url}/admin/queues`)).rejects.toThrow(/ERR_INVALID_AUTH_CREDENTIALS/);
      const denied = await challenge;
      expect(denied.status()).toBe(401);
      expect(await denied.headerValue('www-authenticate')).toMatch(/^Basic realm=/);

      await page.setExtraHTTPHeaders({ authorization: basic(CREDENTIAL.username, CREDENTIAL.password) });
      const response = await page.goto(`${url}/admin/queues`);
      expect(response?.status()).toBe(200);
      // The page's script fetches the queues through the guarded API: the queue's name in the menu
      // and its card with the one waiting job prove the board works end to end.
      await page.getByText(queueName).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByText('1 Job').waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => page.getByText(queueName).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: join(tmpdir(), 'docsync-ops-dashboard.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });
});
