import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { authenticate, type Caller } from './caller.js';
import { parseInput } from './input.js';
import type { EmulatorContext } from '../emulator-context.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204 | 205;

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  request: FastifyRequest;
}

/** One operation of the API: its inputs as zod schemas, its success status and response shape. */
export interface RouteDefinition<P, Q, B, R> {
  method: HttpMethod;
  url: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Success status, or a function of what the handler returned; 204 and 205 send no body. Default 200. */
  status?: SuccessStatus | ((result: R) => SuccessStatus);
  handler: (input: RouteInput<P, Q, B>) => R | Promise<R>;
}

export type DefineRoute = <P = unknown, Q = unknown, B = unknown, R = unknown>(definition: RouteDefinition<P, Q, B, R>) => void;

/**
 * Registers routes on the authenticated `/v1` scope: every route authenticates (401), parses its
 * inputs (400 naming the field). Answers are held to the official schema in strict mode (see
 * start-emulator.ts), not to docsync's own client schemas.
 */
export function routeDefiner(app: FastifyInstance, ctx: EmulatorContext): DefineRoute {
  return <P, Q, B, R>(definition: RouteDefinition<P, Q, B, R>) => {
    app.route({
      method: definition.method,
      url: definition.url,
      handler: async (request, reply) => {
        const caller = authenticate(ctx.state, request.headers.authorization);
        // Without a schema the raw value passes through; the route's type parameter is then `unknown`.
        const params = definition.params ? parseInput(definition.params, request.params, 'path') : (request.params as P);
        const query = definition.query ? parseInput(definition.query, request.query, 'query') : (request.query as Q);
        const body = definition.body ? parseInput(definition.body, request.body ?? {}, 'body') : (request.body as B);
        const result = await definition.handler({ params, query, body, caller, request });
        const status = typeof definition.status === 'function' ? definition.status(result) : (definition.status ?? 200);
        if (status === 204 || status === 205) return reply.code(status).send();
        return reply.code(status).send(result);
      },
    });
  };
}
