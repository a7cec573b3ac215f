import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Document, LineCounter } from 'yaml';
import { parseYamlDocument } from './parse-yaml-document.js';
import { ConfigError } from './config-error.js';
import { DocsyncConfigSchema, type DocsyncConfig } from './config-schema.js';
import { interpolateEnv } from './interpolate-env.js';
import { yamlLineOf as lineOf } from './yaml-line-of.js';

export const DEFAULT_CONFIG_FILE = 'docsync.yaml';

export interface LoadedConfig {
  config: DocsyncConfig;
  /** Absolute path of the file it came from. */
  file: string;
  /** Folder that relative paths in the file are resolved against. */
  baseDir: string;
}

/**
 * Reads docsync.yaml: YAML with line numbers, `${VAR}` interpolation, then the zod schema. Every
 * failure is one ConfigError naming the file, the line and the field.
 */
export async function loadConfig(
  path: string = DEFAULT_CONFIG_FILE,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<LoadedConfig> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `cannot read the configuration (${(error as NodeJS.ErrnoException).code ?? 'error'}); create it from config/docsync.example.yaml or pass --config`,
      file,
      undefined,
      undefined,
      { cause: error },
    );
  }
  const { document, lines } = parseYamlDocument(text, file);
  const missing: { path: (string | number)[]; variable: string }[] = [];
  const raw = interpolateEnv(document.toJS() ?? {}, env, [], missing);
  const firstMissing = missing[0];
  if (firstMissing) {
    throw new ConfigError(
      `environment variable ${firstMissing.variable} is not set; export it or give a default with \${${firstMissing.variable}:-value}`,
      file,
      lineOf(document, lines, firstMissing.path),
      firstMissing.path.join('.'),
    );
  }
  const result = DocsyncConfigSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const issuePath = (issue?.path ?? []).filter((p): p is string | number => typeof p !== 'symbol');
    throw new ConfigError(issue?.message ?? 'invalid', file, lineOf(document, lines, issuePath), issuePath.join('.') || undefined, {
      cause: result.error,
    });
  }
  checkUniqueNames(result.data, file, document, lines);
  return { config: result.data, file, baseDir: dirname(file) };
}

function checkUniqueNames(config: DocsyncConfig, file: string, document: Document, lines: LineCounter): void {
  const seen = new Set<string>();
  for (const [index, target] of config.spaces.entries()) {
    if (seen.has(target.name)) {
      throw new ConfigError(`target name "${target.name}" is used twice; names must be unique`, file, lineOf(document, lines, ['spaces', index, 'name']), `spaces.${index}.name`);
    }
    seen.add(target.name);
  }
}
