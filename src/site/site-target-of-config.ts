import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../config/config-error.js';
import { configReadScope, type LoadedConfig } from '../config/load-config.js';
import type { SiteTargetSpec } from './plan-site-target.js';

/** The manifest names docsync looks for beside docsync.yaml when `site.manifest` is not given, in order. */
export const MANIFEST_NAMES = ['gitbook-docs.yaml', 'docs.yaml'] as const;

/**
 * The site target of docsync.yaml (`site: {manifest, prune, organization, id, spaces}`), paths
 * resolved against the config file; `overrides` come from the command line. Without
 * `site.manifest`, a `site` section means GitBook's file beside docsync.yaml: `gitbook-docs.yaml`,
 * else `docs.yaml`, refused like `site.manifest` when a link takes it outside the repository (and
 * `allowPaths`). Undefined when neither names a manifest and there is no `site` section.
 */
export function siteTargetOfConfig(
  loaded: LoadedConfig,
  overrides: { manifest?: string | undefined; prune?: boolean | undefined } = {},
): SiteTargetSpec | undefined {
  const site = loaded.config.site;
  const found = (): string =>
    MANIFEST_NAMES.map((name) => join(loaded.baseDir, name)).find((path) => existsSync(path)) ?? join(loaded.baseDir, MANIFEST_NAMES[0]);
  const manifest = overrides.manifest === undefined ? (site?.manifest ?? (site === undefined ? undefined : found())) : resolve(overrides.manifest);
  if (manifest === undefined) return undefined;
  // `site.manifest` was checked at load; the file found beside docsync.yaml is held to the same rule.
  if (site?.manifest === undefined && overrides.manifest === undefined) {
    const scope = configReadScope(loaded);
    const located = scope.locate(manifest);
    if (!located.inside) {
      throw new ConfigError(
        `${manifest} resolves to ${located.real}, outside ${scope.describe()}; move the site manifest into the repository or add its folder to allowPaths`,
        manifest,
        undefined,
        'site.manifest',
      );
    }
  }
  return {
    manifest: resolve(loaded.baseDir, manifest),
    prune: overrides.prune === true || (site?.prune ?? false),
    spaceTargets: new Map(loaded.config.spaces.map((space) => [space.name, space.spaceId])),
    spaceDirectories: new Map(loaded.config.spaces.map((space) => [resolve(loaded.baseDir, space.directory), space.spaceId])),
    rootDir: loaded.baseDir,
    organization: site?.organization,
    siteId: site?.id,
    spaceIds: site?.spaces,
  };
}
