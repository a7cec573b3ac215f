import { dirname, resolve } from 'node:path';
import { ReadScope } from '../config/read-scope.js';
import type { SpecLoader } from './load-spec.js';
import type { SpecVerdictCache } from './spec-verdict-cache.js';

/** `load`, skipped for a spec that `verdicts` knows valid; a spec it loads is remembered. */
export function cachedSpecLoader(verdicts: SpecVerdictCache, load: SpecLoader): SpecLoader {
  return async (file, scope) => {
    const root = resolve(file);
    const within = scope ?? ReadScope.of(dirname(root));
    const known = await verdicts.find(root, within);
    if (known !== undefined) return known;
    const loaded = await load(root, within);
    await verdicts.remember(loaded);
    return loaded;
  };
}
