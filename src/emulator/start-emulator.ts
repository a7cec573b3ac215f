import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { EmulatorError } from './emulator-error.js';
import { EmulatorOptionsSchema, type EmulatorOptions, type EmulatorOptionsInput } from './emulator-options.js';
import type { EmulatorContext } from './emulator-context.js';
import { EmulatorState } from './state/emulator-state.js';
import { Random } from './state/random.js';
import { applyFixture } from './fixtures/apply-fixture.js';
import { loadFixture } from './fixtures/load-fixture.js';
import { withSpaces } from './fixtures/with-spaces.js';
import type { Fixture } from './fixtures/fixture-schema.js';
import { RateLimiter } from './http/rate-limiter.js';
import { RequestStats } from './http/request-stats.js';
import { routeDefiner } from './http/define-route.js';
import { registerAllRoutes } from './routes/register-all-routes.js';
import { ContractValidator } from './contract/contract-validator.js';
import { describeViolations } from './contract/contract-violation.js';
import { ResponseConformance, type OperationConformance } from './contract/response-conformance.js';
import { silentLogger, type Logger } from '../logging/logger.js';
import { registerFileDownloadRoute } from './routes/file-download-route.js';
import { publishedOperation } from '../api/contracts/published-operation.js';

export interface RunningEmulator {
  /** Base URL without `/v1`, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  readonly options: EmulatorOptions;
  /** The live state, for tests that need to look behind the API. */
  readonly state: EmulatorState;
  stats(): ReturnType<RequestStats['snapshot']>;
  /** The operations it serves, as registered: `GET /v1/spaces/:spaceId`. */
  readonly routes: readonly EmulatorRoute[];
  /** In strict mode, the answers checked against the official schema per operation and status. */
  conformance(): OperationConformance[] | undefined;
  /** Back to the fixture, with counters cleared. */
  reset(): void;
  close(): Promise<void>;
}

type Fault = 'error-500' | 'error-503' | 'drop-before' | 'drop-after';
const FAULTS: readonly Fault[] = ['error-500', 'error-503', 'drop-before', 'drop-after'];

export interface EmulatorRoute {
  readonly method: string;
  /** Fastify's pattern: `/v1/spaces/:spaceId`; `*` takes the rest of the path. */
  readonly url: string;
}

export interface EmulatorDeps {
  /** Where strict mode reports an answer that breaks the official schema. */
  readonly logger?: Logger;
}

/** Starts an emulator of the Documentation Hosting Management API on loopback (by default). */
export async function startEmulator(input: EmulatorOptionsInput = {}, deps: EmulatorDeps = {}): Promise<RunningEmulator> {
  const parsed = EmulatorOptionsSchema.parse(input);
  const fixture = withSpaces(await loadFixture(parsed.fixtures), parsed.spaces, parsed.fixtures);
  const options: EmulatorOptions = { ...parsed, contract: parsed.contract ?? fixture.contract ?? 'current' };
  const conformance = options.strict ? new ResponseConformance(await ContractValidator.load(options.contract)) : undefined;
  const logger = deps.logger ?? silentLogger;
  const random = new Random(options.seed);
  const faultRandom = new Random(options.seed ^ 0x5bd1e995);
  const timers = new Set<NodeJS.Timeout>();
  const stats = new RequestStats();
  const limiter = options.rateLimit > 0 ? new RateLimiter(options.rateLimit, () => Date.now()) : undefined;
  let state = freshState(fixture, random);
  let baseUrl = '';
  const dropAfter = new WeakSet<object>();

  const ctx: EmulatorContext = {
    options,
    get state() {
      return state;
    },
    baseUrl: () => baseUrl,
    stats,
    schedule(ms, task) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void Promise.resolve()
          .then(task)
          .catch(() => undefined);
      }, ms);
      timers.add(timer);
    },
  };

  // Path parameters (slugs, ids) are validated by each route with the seed's bounds; the router must
  // not refuse them first with its own 100-character cap.
  const app = Fastify({ bodyLimit: options.bodyLimit, logger: false, forceCloseConnections: true, routerOptions: { maxParamLength: 4096 } });
  acceptEmptyJson(app);
  app.setErrorHandler((error: FastifyError | EmulatorError, _request, reply) => {
    const { status, message } = toErrorResponse(error);
    return reply.code(status).send({ error: { code: status, message } });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: { code: 404, message: `No operation ${request.method} ${request.url.split('?')[0] ?? ''}` } }),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/') && request.url !== '/v1') return;
    if (options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    if (limiter) {
      const token = request.headers.authorization ?? '';
      const taken = limiter.take(token);
      for (const [name, value] of Object.entries(taken.headers)) void reply.header(name, value);
      if (taken.limited) {
        void reply.header('retry-after', String(taken.retryAfterSeconds));
        throw new EmulatorError(429, 'Rate limit exceeded: wait until X-RateLimit-Reset before retrying.');
      }
    }
    if (options.faultRate > 0 && faultRandom.next() < options.faultRate) {
      const fault = FAULTS[Math.floor(faultRandom.next() * FAULTS.length)] ?? 'error-500';
      stats.recordFault();
      if (fault === 'drop-before') {
        // Hijacked, the request goes no further: the operation must not run behind the dropped connection.
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (fault === 'drop-after') {
        // The operation runs; the caller never hears back. This is what makes idempotency matter.
        dropAfter.add(request);
        return;
      }
      throw new EmulatorError(fault === 'error-500' ? 500 : 503, 'Injected fault: try again.');
    }
  });
  if (conformance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/v1/') && request.url !== '/v1') return payload;
      const path = (request.url.split('?')[0] ?? '').slice('/v1'.length);
      const status = reply.statusCode;
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
      const body: unknown = text === undefined || text === '' ? undefined : json ? JSON.parse(text) : text;
      const { operationId, violations } = conformance.check(request.method, path, status, body);
      if (violations.length === 0) return payload;
      const message = `The emulator's answer to ${operationId ?? request.method} (status ${status}) breaks the official response schema: ${describeViolations(violations)}`;
      logger.error({ operationId, method: request.method, path, status, violations }, message);
      void reply.code(500).header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ error: { code: 500, message } });
    });
  }
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (dropAfter.has(request)) request.raw.socket.destroy();
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith('/v1')) {
      stats.record(request.method, request.routeOptions.url ?? '(no such operation)', reply.statusCode);
    }
    done();
  });

  app.get('/_emulator/stats', () => stats.snapshot());
  if (conformance) app.get('/_emulator/conformance', () => conformance.snapshot());
  registerFileDownloadRoute(app, ctx);
  app.post('/_emulator/reset', (_request, reply) => {
    reset();
    return reply.code(204).send();
  });

  const routes: EmulatorRoute[] = [];
  await app.register((v1, _opts, done) => {
    const define = routeDefiner(v1, ctx);
    registerAllRoutes((definition) => {
      // Each mode serves exactly its document's operations: the others answer 404, as the live API does.
      const published = publishedOperation(definition.method, templateOf(definition.url));
      if (Object.keys(published).length === 0) throw new Error(`The emulator's route ${definition.method} ${definition.url} is in no published document.`);
      if (published[options.contract] === undefined) return;
      routes.push({ method: definition.method, url: definition.url });
      define(definition);
    }, ctx);
    done();
  });

  function reset(): void {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    state = freshState(fixture, new Random(options.seed));
    stats.clear();
  }

  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The emulator did not bind a TCP port.');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    options,
    routes,
    get state() {
      return state;
    },
    stats: () => stats.snapshot(),
    conformance: () => conformance?.snapshot(),
    reset,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await app.close();
    },
  };
}

/** `/v1/spaces/:spaceId/content/path/*` → `/spaces/{spaceId}/content/path/{}`. */
function templateOf(url: string): string {
  return (
    url
      .replace(/^\/v1/, '')
      .replace(/:(\w+)/g, '{$1}')
      .replace(/\*$/, '{}') || '/'
  );
}

function freshState(fixture: Fixture, random: Random): EmulatorState {
  const state = new EmulatorState(random, () => new Date());
  applyFixture(state, fixture);
  return state;
}

/** POSTs such as merge carry no body; accept an empty JSON body instead of failing it. */
function acceptEmptyJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (error) {
      done(new EmulatorError(400, `Malformed JSON body: ${(error as Error).message}`), undefined);
    }
  });
}

function toErrorResponse(error: FastifyError | EmulatorError): { status: number; message: string } {
  if (error instanceof EmulatorError) return { status: error.status, message: error.message };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, message: 'Request body is too large.' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 400, message: 'Unsupported Content-Type: send the body as application/json.' };
  }
  const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
  return { status, message: error.message };
}
