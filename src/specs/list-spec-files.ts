import SwaggerParser from '@apidevtools/swagger-parser';
import { dirname, resolve } from 'node:path';
import { ReadScope } from '../config/read-scope.js';
import { SpecSourceCache } from './spec-source-cache.js';

/**
 * Absolute paths of a local spec's root file and every local file its `$ref`s reach, root first,
 * for the daemon's watcher. Nothing is validated; a spec that does not resolve still lists the
 * files read so far (at least the root), so fixing the broken file triggers a new publish. Files
 * outside `scope` (see {@link loadSpec}) are neither read nor listed.
 */
export async function listSpecFiles(file: string, scope?: ReadScope): Promise<string[]> {
  const root = resolve(file);
  const cache = new SpecSourceCache(scope ?? ReadScope.of(dirname(root)));
  try {
    await new SwaggerParser().resolve(root, cache.parserOptions());
  } catch {
    // Deliberately ignored: see above.
  }
  return [root, ...cache.files.filter((f) => f !== root)];
}
