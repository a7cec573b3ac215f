import { destination, pino, type DestinationStream } from 'pino';
import { build as prettyStream } from 'pino-pretty';
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

/** `json`: one JSON object per line (for log shippers). `pretty`: coloured, human-readable lines. */
export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  level?: string;
  /** Where lines go; standard error by default so `--json` output on stdout stays clean. */
  destination?: DestinationStream;
  /**
   * Line format. Default: `DOCSYNC_LOG_FORMAT` (`json` or `pretty`) when set, else `pretty` when
   * standard error is a terminal and `json` otherwise (services, containers, CI, pipes).
   */
  format?: LogFormat;
  /** Environment read for `DOCSYNC_LOG_LEVEL` and `DOCSYNC_LOG_FORMAT`. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether standard error is a terminal. Default `process.stderr.isTTY`. */
  isTTY?: boolean;
}

/** The format {@link createLogger} uses for these options; see {@link LoggerOptions.format}. */
export function logFormat(options: Pick<LoggerOptions, 'format' | 'env' | 'isTTY'> = {}): LogFormat {
  if (options.format) return options.format;
  const fromEnv = (options.env ?? process.env).DOCSYNC_LOG_FORMAT?.trim().toLowerCase();
  if (fromEnv === 'json' || fromEnv === 'pretty') return fromEnv;
  return (options.isTTY ?? process.stderr.isTTY) ? 'pretty' : 'json';
}

/**
 * Structured logs: JSON lines, or pino-pretty's rendering of the same records in a terminal.
 * Redaction happens in pino before either format sees a record, so both hide the same fields.
 * Artifact and share URLs carry signatures and keys, so `url` fields are redacted too; log the
 * target or path instead.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const settings = {
    level: options.level ?? env.DOCSYNC_LOG_LEVEL ?? 'info',
    redact: { paths: REDACT, censor: '[redacted]' },
    base: { app: 'docsync' },
  };
  if (logFormat({ ...options, env }) === 'pretty') {
    // In this thread, synchronously (no transport worker): a line logged just before exit is not lost.
    const stream = prettyStream({
      destination: options.destination ?? 2,
      sync: true,
      colorize: options.destination === undefined ? (options.isTTY ?? process.stderr.isTTY) : false,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,app',
    });
    return pino(settings, stream);
  }
  return pino(settings, options.destination ?? destination(2));
}

/** A logger that drops everything, for library callers that pass none. */
export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
