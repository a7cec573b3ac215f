import { join } from 'node:path';
import { cachedSpecLoader } from '../specs/cached-spec-loader.js';
import { loadSpec, type SpecLoader } from '../specs/load-spec.js';
import { SpecValidationThread } from '../specs/spec-validation-thread.js';
import { SpecVerdictCache } from '../specs/spec-verdict-cache.js';

export interface OpenedSpecLoader {
  readonly load: SpecLoader;
  close(): Promise<void>;
}

/**
 * How this process validates local specs: behind the verdict cache in `.docsync/cache/specs`, and,
 * for a long-lived process (daemon, worker), in a worker thread off its event loop.
 */
export function openSpecLoader(baseDir: string, options: { readonly inThread?: boolean } = {}): OpenedSpecLoader {
  const verdicts = new SpecVerdictCache(join(baseDir, '.docsync', 'cache', 'specs'));
  if (options.inThread !== true) return { load: cachedSpecLoader(verdicts, loadSpec), close: () => Promise.resolve() };
  const thread = new SpecValidationThread();
  return { load: cachedSpecLoader(verdicts, thread.load), close: () => thread.close() };
}
