import { resolve } from 'node:path';
import type { LoadedConfig } from '../config/load-config.js';
import type { SiteTargetSpec } from './plan-site-target.js';

/**
 * The site target of docsync.yaml (`site: {manifest, prune}`), paths resolved against the config
 * file; `overrides` come from the command line. Undefined when neither names a manifest.
 */
export function siteTargetOfConfig(
  loaded: LoadedConfig,
  overrides: { manifest?: string | undefined; prune?: boolean | undefined } = {},
): SiteTargetSpec | undefined {
  const manifest = overrides.manifest === undefined ? loaded.config.site?.manifest : resolve(overrides.manifest);
  if (manifest === undefined) return undefined;
  return {
    manifest: resolve(loaded.baseDir, manifest),
    prune: overrides.prune === true || (loaded.config.site?.prune ?? false),
    spaceTargets: new Map(loaded.config.spaces.map((space) => [space.name, space.spaceId])),
  };
}
