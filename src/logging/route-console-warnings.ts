import { format } from 'node:util';
import type { Logger } from './logger.js';

/**
 * Libraries that warn with `console.warn` write raw lines to stderr, in between the JSON log
 * records, and as often as they hit the cause: BullMQ prints "IMPORTANT! Eviction policy is …" on
 * every Redis connection it opens (dozens in a worker's first seconds), and has no option or event
 * to hand that line to its caller. Until `restore()`, each distinct warning becomes one structured
 * `warn` record (`source: "console"`); repeats are dropped, and so are lines docsync reports
 * itself (`alreadyReported`). Returns `restore`.
 */
export function routeConsoleWarnings(logger: Logger, alreadyReported: readonly RegExp[] = []): () => void {
  const original = console.warn;
  const seen = new Set<string>();
  console.warn = (...args: unknown[]): void => {
    const message = format(...args);
    if (seen.has(message) || alreadyReported.some((pattern) => pattern.test(message))) return;
    seen.add(message);
    logger.warn({ source: 'console' }, message);
  };
  return () => {
    console.warn = original;
  };
}
