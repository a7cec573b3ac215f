import { createHash, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../logging/logger.js';
import type { Metrics } from '../observability/metrics.js';
import { exposureWarning } from '../http/exposure-warning.js';

/** What `/readyz` reports: each dependency the daemon needs, and free-form details for operators. */
export interface ReadinessReport {
  redis: boolean;
  api: boolean;
  details?: Record<string, unknown>;
}

export interface DashboardCredential {
  username: string;
  password: string;
}

export interface OpsServerOptions {
  /** `host:port` to listen on (`[::1]:9464` for IPv6); port 0 picks a free one. */
  listen: string;
  metrics: Metrics;
  /** Checks Redis and the API; called on every `/readyz`, so keep it cheap (a PING, one GET). */
  readiness: () => Promise<ReadinessReport>;
  /** BullMQ queues shown at `/admin/queues`; may be empty. */
  queues: readonly Queue[];
  /** Basic-auth credential for `/admin/queues`; without one the dashboard is not served at all. */
  dashboard: DashboardCredential | undefined;
  logger: Logger;
  /** How long `/readyz` waits for `readiness` before answering 503. Default 5000 ms. */
  readinessTimeoutMs?: number;
}

export interface OpsServer {
  /** Base URL, like `http://127.0.0.1:9464`. */
  url: string;
  close(): Promise<void>;
}

export const DASHBOARD_PATH = '/admin/queues';
const REALM = 'Basic realm="docsync dashboard", charset="UTF-8"';

/**
 * The daemon's operators' endpoint: `/healthz` (liveness), `/readyz` (Redis and API reachable),
 * `/metrics` (Prometheus) and, when a credential is configured, the bull-board dashboard at
 * `/admin/queues` behind HTTP basic auth.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const { host, port } = parseListen(options.listen);
  // Fastify's own request logging is off: it would need a full pino instance, and request headers
  // (the dashboard credential) must never reach a log line.
  // forceCloseConnections: an open dashboard tab polls and keeps a connection alive, which would
  // otherwise hold up the daemon's shutdown.
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024, forceCloseConnections: true });

  app.get('/healthz', (_request, reply) => reply.send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const report = await checkReadiness(options);
    const failed = (['redis', 'api'] as const).filter((name) => !report[name]);
    return reply
      .code(failed.length === 0 ? 200 : 503)
      .send({ status: failed.length === 0 ? 'ready' : 'not ready', redis: report.redis, api: report.api, failed, details: report.details ?? {} });
  });

  app.get('/metrics', async (_request, reply) => {
    const body = await options.metrics.render();
    return reply.header('content-type', options.metrics.contentType).send(body);
  });

  if (options.dashboard) await registerDashboard(app, options.queues, options.dashboard, options.logger);

  await app.listen({ host, port });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The ops server did not bind a TCP port.');
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  options.logger.info({ listen: url, dashboard: options.dashboard ? DASHBOARD_PATH : false }, 'ops server listening');
  const exposed = exposureWarning('ops', host, options.listen);
  if (exposed !== undefined) options.logger.warn({ listen: options.listen }, exposed);
  return {
    url,
    async close() {
      await app.close();
    },
  };
}

/** A readiness probe that hangs or throws must still answer, with 503, before the prober gives up. */
async function checkReadiness(options: OpsServerOptions): Promise<ReadinessReport> {
  const timeoutMs = options.readinessTimeoutMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ReadinessReport>((resolve) => {
    timer = setTimeout(() => resolve({ redis: false, api: false, details: { error: `readiness check timed out after ${timeoutMs} ms` } }), timeoutMs);
  });
  try {
    return await Promise.race([options.readiness(), timeout]);
  } catch (error) {
    // The message stays in the log: a Redis or API error can carry a URL with credentials.
    options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'readiness check threw');
    return { redis: false, api: false, details: { error: 'readiness check failed; see the daemon log' } };
  } finally {
    clearTimeout(timer);
  }
}

async function registerDashboard(app: FastifyInstance, queues: readonly Queue[], credential: DashboardCredential, logger: Logger): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'docsync', hideDocsLink: true } },
  });
  const check = basicAuthCheck(credential);
  // An encapsulated scope: the auth hook guards every dashboard route (page, assets, API) and nothing else.
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (check(request.headers.authorization)) return;
        logger.info({ path: request.url.split('?')[0], ip: request.ip }, 'dashboard request without a valid credential');
        return reply
          .code(401)
          .header('www-authenticate', REALM)
          .send({ error: { code: 401, message: 'Authentication required.' } });
      });
      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: DASHBOARD_PATH },
  );
}

/**
 * Compares in constant time: both sides are hashed to equal-length digests first, so neither the
 * length nor the first differing byte of the secret leaks through timing.
 */
function basicAuthCheck(credential: DashboardCredential): (header: string | undefined) => boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  const expectedUser = digest(credential.username);
  const expectedPassword = digest(credential.password);
  return (header) => {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    const userOk = timingSafeEqual(digest(decoded.slice(0, colon)), expectedUser);
    const passwordOk = timingSafeEqual(digest(decoded.slice(colon + 1)), expectedPassword);
    // Both comparisons always run: no short circuit that tells a right user name from a wrong one.
    return userOk && passwordOk;
  };
}

function parseListen(listen: string): { host: string; port: number } {
  const match = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(listen);
  const port = Number(match?.[2]);
  if (!match?.[1] || !Number.isInteger(port) || port > 65_535) {
    throw new Error(`http.listen "${listen}" must be host:port, like 127.0.0.1:9464 or [::1]:9464.`);
  }
  return { host: match[1], port };
}
