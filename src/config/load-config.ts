import { dirname, resolve } from 'node:path';
import { readRegularFile, reasonOf } from './read-regular-file.js';
import type { Document, LineCounter } from 'yaml';
import { configData, parseYamlDocument } from './parse-yaml-document.js';
import { MissingTokenError } from './missing-token-error.js';
import { findPlaceholders } from './find-placeholders.js';
import { ConfigError, type ConfigIssue } from './config-error.js';
import { DocsyncConfigSchema, type DocsyncConfig } from './config-schema.js';
import { interpolateEnv, type MalformedReference } from './interpolate-env.js';
import { ReadScope } from './read-scope.js';
import { unknownKeyIssues } from './unknown-keys.js';
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
 * Reads docsync.yaml: YAML with line numbers, `${VAR}` interpolation, the overrides of
 * {@link ENV_OVERRIDES}, then the zod schema, strictly (a key the schema does not declare is
 * an error, with the key it most likely meant). One ConfigError lists every problem of the file,
 * each with its line and field.
 */
export async function loadConfig(
  path: string = DEFAULT_CONFIG_FILE,
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: LoadConfigOptions = {},
): Promise<LoadedConfig> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readRegularFile(file);
  } catch (error) {
    throw new ConfigError(
      `cannot read the configuration (${reasonOf(error)}); create it from config/docsync.example.yaml or pass --config`,
      file,
      undefined,
      undefined,
      { cause: error },
    );
  }
  const yaml = parseYamlDocument(text, file);
  const { document, lines } = yaml;
  const parsed = configData(yaml, file);
  if (parsed === null || parsed === undefined || (typeof parsed === 'object' && Object.keys(parsed).length === 0)) {
    throw new ConfigError('the configuration is empty; declare `spaces`, `specs` or `site` (see config/docsync.example.yaml)', file, 1);
  }
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError('the configuration must be a mapping of settings (api, spaces, specs, …)', file, lineOf(document, lines, []));
  }
  const issues: ConfigIssue[] = [];
  const missing: { path: (string | number)[]; variable: string }[] = [];
  const malformed: MalformedReference[] = [];
  const raw = overrideFromEnv(interpolateEnv(parsed, env, [], missing, malformed) as Record<string, unknown>, env);
  const overridden = (at: (string | number)[]): string | undefined =>
    ENV_OVERRIDES.find((o) => !!env[o.variable]?.trim() && o.path[0] === at[0] && o.path[1] === at[1])?.variable;
  const isToken = (at: (string | number)[]): boolean => at.join('.') === 'api.token';
  if (options.tokenOptional === true && missing.some((m) => isToken(m.path)) && !overridden(['api', 'token'])) {
    delete (raw.api as Record<string, unknown>).token;
  }
  for (const { path: at, variable } of missing.filter((m) => !overridden(m.path) && !(options.tokenOptional === true && isToken(m.path)))) {
    const message = isToken(at)
      ? `environment variable ${variable} is not set; export it, or set DOCSYNC_TOKEN, which overrides api.token${variable === 'GITBOOK_TOKEN' ? '' : ' (GITBOOK_TOKEN is read only when api.token is left out)'}`
      : `environment variable ${variable} is not set; export it or give a default with \${${variable}:-value}`;
    issues.push({ message, line: lineOf(document, lines, at), field: at.join('.') });
  }
  for (const { path: at, text } of malformed.filter((m) => !overridden(m.path))) {
    issues.push({
      message: `\`${text}\` is not a whole variable reference; write \${NAME} or \${NAME:-default} ($\${ for a literal \${)`,
      line: lineOf(document, lines, at),
      field: at.join('.'),
    });
  }
  // Sent as they are, an init placeholder is a 404 (a space) or a dry run that "would publish" (a spec).
  for (const { path: at, placeholder } of findPlaceholders(raw)) {
    issues.push({
      message: `${placeholder} is a placeholder written by \`docsync init\`; put the real id here`,
      line: lineOf(document, lines, at),
      field: at.join('.'),
    });
  }
  issues.push(...unknownKeyIssues(DocsyncConfigSchema, raw, (at) => lineOf(document, lines, at), 'setting'));
  const result = DocsyncConfigSchema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const at = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      const field = at.join('.') || undefined;
      const variable = overridden(at);
      issues.push(variable === undefined ? { message: issue.message, line: lineOf(document, lines, at), field } : { message: issue.message, field, variable });
    }
  }
  // Only the token's variable unset: the file is fine, the token is missing (exit 3, not 2).
  const [first] = issues;
  if (first !== undefined && missing.some((m) => m.path.join('.') === 'api.token') && issues.every((issue) => issue.field === 'api.token')) {
    throw new MissingTokenError(first.message, file, first.line);
  }
  if (issues.length > 0 || !result.success) throw ConfigError.of(file, issues, result.error);
  checkUniqueNames(result.data, file, document, lines);
  const loaded = { config: result.data, file, baseDir: dirname(file) };
  checkPathsInScope(loaded, document, lines);
  return loaded;
}

export interface LoadConfigOptions {
  /**
   * For commands that make no request (`spec validate`, `spec publish --dry-run`): an `api.token`
   * whose variable is not set is left out instead of failing the load. Default false.
   */
  readonly tokenOptional?: boolean;
}

/**
 * Environment variables that, when set, override a setting of the file, even one the file fills
 * from another variable (`token: ${GITBOOK_TOKEN}`). docs/configuration.md's environment table lists them.
 * In a container they configure docsync without editing the repository's docsync.yaml.
 */
export const ENV_OVERRIDES = [
  { variable: 'DOCSYNC_TOKEN', path: ['api', 'token'] },
  { variable: 'DOCSYNC_ENDPOINT', path: ['api', 'endpoint'] },
  { variable: 'REDIS_URL', path: ['redis', 'url'] },
  { variable: 'DOCSYNC_ARTIFACTS_LISTEN', path: ['artifacts', 'listen'] },
  { variable: 'DOCSYNC_ARTIFACTS_PUBLIC_URL', path: ['artifacts', 'publicUrl'] },
] as const;

function overrideFromEnv(raw: Record<string, unknown>, env: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  for (const { variable, path } of ENV_OVERRIDES) {
    const value = env[variable]?.trim();
    if (!value) continue;
    const [section, key] = path;
    const current = out[section];
    out[section] = { ...(typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {}), [key]: value };
  }
  return out;
}

/** The folders this configuration may make docsync read: its repository and `allowPaths`. */
export function configReadScope(loaded: LoadedConfig): ReadScope {
  return ReadScope.of(loaded.baseDir, loaded.config.allowPaths);
}

/** Every path the file names for reading must resolve, after symlinks, inside its {@link configReadScope}. */
function checkPathsInScope(loaded: LoadedConfig, document: Document, lines: LineCounter): void {
  const { config, baseDir, file } = loaded;
  const named: { path: (string | number)[]; value: string }[] = [
    ...config.spaces.map((space, index) => ({ path: ['spaces', index, 'directory'], value: space.directory })),
    ...config.specs.flatMap((spec, index) => (spec.file === undefined ? [] : [{ path: ['specs', index, 'file'], value: spec.file }])),
    ...(config.site?.manifest === undefined ? [] : [{ path: ['site', 'manifest'], value: config.site.manifest }]),
  ];
  const scope = configReadScope(loaded);
  for (const { path, value } of named) {
    const located = scope.locate(resolve(baseDir, value));
    if (located.inside) continue;
    throw new ConfigError(
      `"${value}" resolves to ${located.real}, outside ${scope.describe()}; move it into the repository or add its folder to allowPaths`,
      file,
      lineOf(document, lines, path),
      path.join('.'),
    );
  }
}

function checkUniqueNames(config: DocsyncConfig, file: string, document: Document, lines: LineCounter): void {
  const seen = new Set<string>();
  for (const [index, target] of config.spaces.entries()) {
    if (seen.has(target.name)) {
      throw new ConfigError(
        `target name "${target.name}" is used twice; names must be unique`,
        file,
        lineOf(document, lines, ['spaces', index, 'name']),
        `spaces.${index}.name`,
      );
    }
    seen.add(target.name);
  }
}
