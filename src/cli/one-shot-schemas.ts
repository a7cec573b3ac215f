import { config } from 'zod';

/**
 * Tells zod this process parses each schema about once (a one-shot command): zod then checks data
 * directly instead of generating a compiled checker on a schema's first parse, which pays off only
 * over many parses (the daemon) and costs a one-shot `spec publish` more than it saves.
 */
export function parseSchemasOnce(): void {
  config({ jitless: true });
}
