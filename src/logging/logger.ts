import { destination, pino, type DestinationStream } from 'pino';
import { createRequire } from 'node:module';
import type { ApiLogger } from './api-logger.js';
import { colorEnabled } from './color-enabled.js';
import { SecretRedactor, secretsFromEnv } from './redact-secrets.js';
import { withoutCommandLines } from './sanitize-output.js';

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
  /**
   * Colours in the pretty format. Default: {@link colorEnabled} (`FORCE_COLOR`, `NO_COLOR`, and a
   * terminal on standard error when no destination is given).
   */
  color?: boolean;
  /**
   * Secret values hidden wherever they appear in a line, as whole tokens of at least 8 characters.
   * The environment's tokens and keys (see `SECRET_ENV_VARS`, and `REDIS_URL`'s password) always are.
   */
  secrets?: readonly string[];
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
 * target or path instead. Each finished line then passes a {@link SecretRedactor}: secret values
 * and signed URLs are cut from messages, error stacks and any field, whatever its name.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const redactor = new SecretRedactor([...secretsFromEnv(env), ...(options.secrets ?? [])]);
  const settings = {
    level: options.level ?? env.DOCSYNC_LOG_LEVEL ?? 'info',
    redact: { paths: REDACT, censor: '[redacted]' },
    base: { app: 'docsync' },
  };
  const out = options.destination ?? destination(2);
  if (logFormat({ ...options, env }) === 'pretty') {
    // Formatted here, synchronously (no transport worker, no stream pipeline): a line logged just
    // before exit is not lost, and a destination that prints above a progress bar gets whole lines.
    // Loaded only for a terminal: JSON logging (CI, the daemon, the benchmarks) starts without it.
    const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    const pretty = prettyFactory({
      colorize: options.color ?? colorEnabled(options.destination === undefined && (options.isTTY ?? process.stderr.isTTY), env),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,app',
    });
    return pino(settings, redacting({ write: (line: string) => out.write(pretty(line)) }, redactor));
  }
  return pino(settings, redacting(out, redactor));
}

/** Secrets cut from each finished line; a pretty line holding server text cannot start a workflow command. */
function redacting(stream: DestinationStream, redactor: SecretRedactor): DestinationStream {
  return { write: (line: string) => stream.write(withoutCommandLines(redactor.text(line))) };
}

/** A logger that drops everything, for library callers that pass none. */
export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
