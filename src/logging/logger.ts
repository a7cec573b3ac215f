import { destination, pino, type DestinationStream } from 'pino';
import type { ApiLogger } from '../api/api-logger.js';

/** The logger every part of docsync takes: pino's call shape, so a pino logger fits as is. */
export type Logger = ApiLogger;

/** Field paths that may hold secrets; pino replaces their values before anything is written. */
const REDACT = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'secret',
  '*.secret',
  'shareKey',
  '*.shareKey',
  'url',
  '*.url',
];

export interface LoggerOptions {
  level?: string;
  /** Where lines go; standard error by default so `--json` output on stdout stays clean. */
  destination?: DestinationStream;
}

/**
 * Structured JSON logs. Artifact and share URLs carry signatures and keys, so `url` fields are
 * redacted too; log the target or path instead.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    { level: options.level ?? process.env.DOCSYNC_LOG_LEVEL ?? 'info', redact: { paths: REDACT, censor: '[redacted]' }, base: { app: 'docsync' } },
    options.destination ?? destination(2),
  );
}

/** A logger that drops everything, for library callers that pass none. */
export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
