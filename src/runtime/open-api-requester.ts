import { ApiRequester, type ApiClientOptions } from '../api/api-requester.js';
import { resolveApiConfig } from '../api/api-config.js';
import type { DocsyncConfig } from '../config/config-schema.js';

/** What a command adds to the configuration when it builds its client: logging and counters. */
export type ApiClientWiring = Pick<ApiClientOptions, 'logger' | 'onResponse' | 'onRetry' | 'connections' | 'retry'> & {
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Overrides `api.timeout` (a quick probe such as `status`). */
  readonly timeoutMs?: number;
};

/** {@link apiClientOptions}'s requester: for a command that uses one resource group. */
export function openApiRequester(config: DocsyncConfig | undefined, wiring: ApiClientWiring): ApiRequester {
  return new ApiRequester(apiClientOptions(config, wiring));
}

/**
 * The API client options of every command, built in one place: endpoint and token from the configuration
 * (which already applies `DOCSYNC_*` overrides), else from the environment; the configured timeout.
 * Works without a configuration file (`spec --org`, `pull`, `migrate`).
 */
export function apiClientOptions(config: DocsyncConfig | undefined, wiring: ApiClientWiring): ApiClientOptions {
  const fromEnv = resolveApiConfig(wiring.env ?? process.env);
  return {
    endpoint: apiEndpoint(config, wiring.env),
    token: config?.api.token ?? fromEnv.token,
    timeoutMs: wiring.timeoutMs ?? config?.api.timeout,
    ...(config === undefined ? {} : { deadlineMs: config.api.deadline, maxResponseBytes: config.api.maxResponseBytes }),
    logger: wiring.logger,
    onResponse: wiring.onResponse,
    onRetry: wiring.onRetry,
    ...(wiring.connections !== undefined ? { connections: wiring.connections } : {}),
    ...(wiring.retry !== undefined ? { retry: wiring.retry } : {}),
  };
}

/** The API endpoint a configuration (or the environment) names: what the artifact store's reach is checked against. */
export function apiEndpoint(config: DocsyncConfig | undefined, env?: Readonly<Record<string, string | undefined>>): string {
  return config?.api.endpoint ?? resolveApiConfig(env ?? process.env).baseUrl;
}
