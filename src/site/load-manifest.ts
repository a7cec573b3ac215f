import { dirname, resolve } from 'node:path';
import { readRegularFile, reasonOf } from '../config/read-regular-file.js';
import { configData, parseYamlDocument } from '../config/parse-yaml-document.js';
import { ConfigError } from '../config/config-error.js';
import { unknownKeyIssues } from '../config/unknown-keys.js';
import { yamlLineOf } from '../config/yaml-line-of.js';
import type { DesiredSite } from './desired-site.js';
import { ManifestIssueError } from './errors/manifest-issue-error.js';
import { SiteManifestSchema, type SiteManifest } from './manifest-schema.js';
import { resolveManifest, type ManifestContext } from './resolve-manifest.js';

export interface LoadedManifest {
  /** Absolute path of the manifest. */
  file: string;
  manifest: SiteManifest;
  desired: DesiredSite;
}

export interface ManifestOptions extends Omit<ManifestContext, 'spaceOfDirectory'> {
  /** Absolute folder → space id of each docsync.yaml `spaces` target, for spaces that give `content.directory`. */
  spaceDirectories?: ReadonlyMap<string, string> | undefined;
  /** What a `content.directory` with a leading `/` starts from (the repository); default the manifest's folder. */
  rootDir?: string | undefined;
}

/**
 * Reads a site manifest: YAML with line numbers, the zod schema (the seed's bounds), then the rules
 * across items. Everything is checked before any API call; every failure is one ConfigError
 * naming the file, the line and the field.
 */
export async function loadManifest(path: string, options: ManifestOptions = {}): Promise<LoadedManifest> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readRegularFile(file);
  } catch (error) {
    throw new ConfigError(`cannot read the site manifest (${reasonOf(error)}); see examples/site/docs.yaml`, file, undefined, undefined, { cause: error });
  }
  return parseManifest(text, file, options);
}

/** {@link loadManifest} for text already in memory; `file` is only used in messages. */
export function parseManifest(text: string, file: string, options: ManifestOptions = {}): LoadedManifest {
  const yaml = parseYamlDocument(text, file);
  const { document, lines } = yaml;
  const lineOf = (path: readonly (string | number)[]): number | undefined => yamlLineOf(document, lines, path);
  const raw = configData(yaml, file) ?? {};
  const issues = unknownKeyIssues(SiteManifestSchema, raw, lineOf, 'field');
  const parsed = SiteManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const named = new Set(issues.map((issue) => issue.field));
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...path, key].join('.')) : [];
      // Unknown keys are already named above, with the key they most likely meant.
      if (keys.length > 0 && keys.every((key) => named.has(key))) continue;
      if (issue.code === 'invalid_union' && [...named].some((field) => field?.startsWith(`${path.join('.')}.`))) continue;
      const message = keys.length > 0 ? `unknown field(s) ${keys.map((key) => `"${key.split('.').at(-1) ?? key}"`).join(', ')}` : issue.message;
      issues.push({ message, line: lineOf(path), field: path.join('.') || undefined });
    }
  }
  if (issues.length > 0 || !parsed.success) throw ConfigError.of(file, issues, parsed.error);
  try {
    const { spaceDirectories, rootDir, ...context } = options;
    // gitbook-docs.yaml: `./guides` is read from the manifest's folder, `/guides` from the repository's root.
    const spaceOfDirectory = (directory: string): string | undefined =>
      spaceDirectories?.get(directory.startsWith('/') ? resolve(rootDir ?? dirname(file), `.${directory}`) : resolve(dirname(file), directory));
    return { file, manifest: parsed.data, desired: resolveManifest(parsed.data, { ...context, spaceOfDirectory }) };
  } catch (error) {
    if (error instanceof ManifestIssueError) {
      throw new ConfigError(error.message, file, lineOf(error.path), error.path.length > 0 ? error.path.join('.') : undefined, { cause: error });
    }
    throw error;
  }
}
