import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { configData, parseYamlDocument } from '../config/parse-yaml-document.js';
import { ConfigError } from '../config/config-error.js';
import { yamlLineOf } from '../config/yaml-line-of.js';
import type { DesiredSite } from './desired-site.js';
import { ManifestIssueError } from './errors/manifest-issue-error.js';
import { SiteManifestSchema, type SiteManifest } from './manifest-schema.js';
import { resolveManifest } from './resolve-manifest.js';

export interface LoadedManifest {
  /** Absolute path of the manifest. */
  file: string;
  manifest: SiteManifest;
  desired: DesiredSite;
}

export interface ManifestOptions {
  /** docsync.yaml `spaces` target name → space id, for items that say `target:`. */
  spaceTargets?: ReadonlyMap<string, string>;
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
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(`cannot read the site manifest (${code}); see examples/site/docs.yaml`, file, undefined, undefined, { cause: error });
  }
  return parseManifest(text, file, options);
}

/** {@link loadManifest} for text already in memory; `file` is only used in messages. */
export function parseManifest(text: string, file: string, options: ManifestOptions = {}): LoadedManifest {
  const yaml = parseYamlDocument(text, file);
  const { document, lines } = yaml;
  const fail = (message: string, path: readonly (string | number)[], cause: unknown): never => {
    throw new ConfigError(message, file, yamlLineOf(document, lines, path), path.length > 0 ? path.join('.') : undefined, { cause });
  };
  const parsed = SiteManifestSchema.safeParse(configData(yaml, file) ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).filter((p): p is string | number => typeof p !== 'symbol');
    // An unknown field is reported on its parent; point at the field itself.
    if (issue?.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path.push(issue.keys[0]);
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
    return fail(`${messageOf(issue)}${more}`, path, parsed.error);
  }
  try {
    return { file, manifest: parsed.data, desired: resolveManifest(parsed.data, options.spaceTargets) };
  } catch (error) {
    if (error instanceof ManifestIssueError) return fail(error.message, error.path, error);
    throw error;
  }
}

/** zod's message, plus the offending keys for unknown fields (typos are the usual cause). */
function messageOf(issue: { code: string; message: string; keys?: readonly string[] } | undefined): string {
  if (issue === undefined) return 'invalid';
  if (issue.code === 'unrecognized_keys' && issue.keys) return `unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}
