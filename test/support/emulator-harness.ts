import { startEmulator, type RunningEmulator } from '../../src/emulator/start-emulator.js';
import type { EmulatorOptionsInput } from '../../src/emulator/emulator-options.js';
import type { ContractName } from '../../src/api/contracts/api-contract.js';

export const TOKENS = {
  admin: 'emulator-admin',
  create: 'emulator-create',
  edit: 'emulator-edit',
  review: 'emulator-review',
  comment: 'emulator-comment',
  read: 'emulator-read',
  guest: 'emulator-guest',
} as const;
export type TokenRole = keyof typeof TOKENS;

export const ORG = 'org-emulator';

/**
 * An emulator on a free loopback port that holds every answer to the official response schemas
 * (strict mode). Every test names its contract, so none depends on the emulator's default;
 * `undefined` is for the tests of that default and of a fixture's own `contract`.
 */
export function startTestEmulator(options: EmulatorOptionsInput & { readonly contract: ContractName | undefined }): Promise<RunningEmulator> {
  return startEmulator({ strict: true, processingStepMs: 5, ...options });
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

export interface CallOptions {
  /** A role of the default fixture, a raw token, or null for no Authorization header. */
  as?: TokenRole | { token: string } | null;
  body?: unknown;
  query?: Record<string, string | number | boolean | string[]>;
  headers?: Record<string, string>;
}

/** One HTTP request to the emulator with fetch, as an outside client would send it. */
export async function call(emulator: RunningEmulator, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const url = new URL(path, emulator.url);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, v);
    else url.searchParams.set(key, String(value));
  }
  const as = options.as === undefined ? 'admin' : options.as;
  const headers: Record<string, string> = { ...options.headers };
  if (as !== null) headers.authorization = `Bearer ${typeof as === 'string' ? TOKENS[as] : as.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Narrow an unknown JSON body for property access in assertions. */
export function json(value: unknown): Record<string, any> {
  return value as Record<string, any>;
}
