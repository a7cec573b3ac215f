import { readRegularFile, reasonOf } from '../config/read-regular-file.js';
import path from 'node:path';
import { ConfigError, type ConfigIssue } from '../config/config-error.js';
import { configData, parseYamlDocument } from '../config/parse-yaml-document.js';
import { ReadScope } from '../config/read-scope.js';
import { closestName } from '../config/unknown-keys.js';
import { yamlLineOf } from '../config/yaml-line-of.js';
import { isFieldIssue, readSource } from './infer-source.js';
import { parseCsv, CsvSyntaxError } from './parse-csv.js';
import {
  DEFAULT_SUBJECT,
  ITEM_ID,
  ITEM_ID_RULE,
  MigrationModeSchema,
  type MigrationItem,
  MigrationDeliverySchema,
  type MigrationDelivery,
  type MigrationMode,
  type MigrationPlan,
} from './plan-schema.js';

/** Item fields a plan may set, besides `source`. */
const ITEM_FIELDS = ['id', 'space', 'source', 'mode', 'merge', 'subject', 'delivery'];
const CSV_COLUMNS = new Set(['id', 'space', 'source', 'kind', 'ref', 'subfolder', 'mode', 'merge', 'subject', 'delivery']);

interface Defaults {
  mode: MigrationMode;
  merge: boolean;
  subject: string;
  delivery: MigrationDelivery;
}

const DEFAULTS: Defaults = { mode: 'change-request', merge: false, subject: DEFAULT_SUBJECT, delivery: 'auto' };

/** Where a field of the plan is, for error messages. */
type Locate = (fieldPath: readonly (string | number)[]) => number | undefined;
type Fail = (fieldPath: readonly (string | number)[], message: string) => never;
/** Records a problem and carries on, so one run lists every problem of the plan. */
type Note = (fieldPath: readonly (string | number)[], message: string) => void;

/** `run`'s result, or undefined with its problems added to `issues`. */
function collecting<T>(issues: ConfigIssue[], run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    issues.push(...error.issues);
    return undefined;
  }
}

/** Keys of `record` that are not `known`, each noted with the key it most likely meant. */
function noteUnknownKeys(record: Record<string, unknown>, known: readonly string[], what: string, note: Note): void {
  for (const key of Object.keys(record).filter((k) => !known.includes(k))) {
    const meant = closestName(key, known);
    note([key], `unknown ${what}; ${meant === undefined ? `use ${known.join(', ')}` : `did you mean \`${meant}\`?`}`);
  }
}

/**
 * Reads a migration plan: YAML (`items:` with `defaults:`) or, for files ending in `.csv`, CSV with a
 * header row (`source,space` and optionally `id,kind,ref,subfolder,mode,merge,subject,delivery`). Relative
 * paths are resolved against the plan's folder, and must lie (after symlinks) inside `scope`: by
 * default the repository holding the plan, or its folder outside any repository. Every problem is a
 * `ConfigError` naming the file, the line and the field.
 *
 * ```yaml
 * defaults: { mode: change-request, merge: true, delivery: auto }
 * items:
 *   - { source: ./handbook, space: space-handbook }
 *   - { id: api, source: { git: https://github.com/acme/api-docs.git, ref: v2, subfolder: docs }, space: space-api }
 *   - { source: https://example.com/guide.zip, space: space-guide, mode: direct }
 *   - { source: space:space-old, space: space-new }
 * ```
 */
export async function loadPlan(file: string, scope?: ReadScope): Promise<MigrationPlan> {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = await readRegularFile(absolute);
  } catch (error) {
    throw new ConfigError(`cannot read the migration plan (${reasonOf(error)})`, absolute, undefined, undefined, {
      cause: error,
    });
  }
  return parsePlan(text, absolute, scope ?? ReadScope.of(path.dirname(absolute)));
}

/**
 * {@link loadPlan} on text already read; `file` decides the format and anchors relative paths.
 * Local sources are checked against `scope` when one is given.
 */
export function parsePlan(text: string, file: string, scope?: ReadScope): MigrationPlan {
  const absolute = path.resolve(file);
  return absolute.toLowerCase().endsWith('.csv') ? parseCsvPlan(text, absolute, scope) : parseYamlPlan(text, absolute, scope);
}

function parseYamlPlan(text: string, file: string, scope: ReadScope | undefined): MigrationPlan {
  const yaml = parseYamlDocument(text, file);
  const { document, lines } = yaml;
  const locate: Locate = (fieldPath) => yamlLineOf(document, lines, fieldPath);
  const issues: ConfigIssue[] = [];
  const note: Note = (fieldPath, message) => {
    issues.push({ message, line: locate(fieldPath), field: fieldPath.length === 0 ? undefined : fieldPath.join('.') });
  };
  const fail: Fail = (fieldPath, message) => {
    throw new ConfigError(message, file, locate(fieldPath), fieldPath.length === 0 ? undefined : fieldPath.join('.'));
  };
  const raw = configData(yaml, file);
  const root = Array.isArray(raw) ? { items: raw as unknown[] } : raw;
  if (typeof root !== 'object' || root === null) return fail([], 'a migration plan needs `items:`, a list of {source, space}');
  const record = root as Record<string, unknown>;
  noteUnknownKeys(record, ['items', 'defaults', 'version'], 'plan field', note);
  const defaults = collecting(issues, () => readDefaults(record.defaults, fail, note));
  const items = record.items;
  if (!Array.isArray(items) || items.length === 0) note(['items'], 'must be a non-empty list of {source, space}');
  const read = (Array.isArray(items) ? items : []).map((item, index) =>
    collecting(issues, () =>
      readItem(
        item,
        index,
        defaults ?? DEFAULTS,
        path.dirname(file),
        scope,
        (fieldPath, message) => fail(['items', index, ...fieldPath], message),
        (fieldPath, message) => note(['items', index, ...fieldPath], message),
      ),
    ),
  );
  if (issues.length > 0) throw ConfigError.of(file, issues);
  const all = read.filter((item) => item !== undefined);
  checkUnique(
    all,
    (index, field) => locate(['items', index, field]),
    file,
    (index, field) => `items.${index}.${field}`,
  );
  return { file, items: all };
}

function parseCsvPlan(text: string, file: string, scope: ReadScope | undefined): MigrationPlan {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ConfigError(error.message, file, error.line);
    throw error;
  }
  const [header, ...rows] = records;
  if (header === undefined || rows.length === 0) throw new ConfigError('a CSV plan needs a header row (source,space,...) and at least one item', file, 1);
  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  const bad = columns.find((column) => !CSV_COLUMNS.has(column));
  if (bad !== undefined) throw new ConfigError(`unknown column "${bad}" (use ${[...CSV_COLUMNS].join(', ')})`, file, header.line);
  for (const needed of ['source', 'space']) {
    if (!columns.includes(needed)) throw new ConfigError(`the header row has no "${needed}" column`, file, header.line);
  }
  const issues: ConfigIssue[] = [];
  const items = rows.map((row, index) => {
    const place = (fieldPath: readonly (string | number)[], message: string): ConfigIssue => {
      const [first] = fieldPath;
      const column = first === 'source' && typeof fieldPath[1] === 'string' && CSV_COLUMNS.has(fieldPath[1]) ? fieldPath[1] : first;
      return { message, line: row.line, field: typeof column === 'string' ? column : undefined };
    };
    const fail: Fail = (fieldPath, message) => {
      const { line, field } = place(fieldPath, message);
      throw new ConfigError(message, file, line, field);
    };
    const note: Note = (fieldPath, message) => issues.push(place(fieldPath, message));
    return collecting(issues, () => readRow(row, columns, index, file, scope, fail, note));
  });
  if (issues.length > 0) throw ConfigError.of(file, issues);
  const all = items.filter((item) => item !== undefined);
  checkUnique(
    all,
    (index) => rows[index]?.line,
    file,
    (_index, field) => field,
  );
  return { file, items: all };
}

/** One CSV row as an item: its cells, named by the header's `columns`, read as a YAML item would be. */
function readRow(
  row: { readonly line: number; readonly cells: readonly string[] },
  columns: readonly string[],
  index: number,
  file: string,
  scope: ReadScope | undefined,
  fail: Fail,
  note: Note,
): MigrationItem {
  if (row.cells.length > columns.length) fail([], `has ${row.cells.length} cells but the header has ${columns.length} columns`);
  const cell = (name: string): string | undefined => {
    const at = columns.indexOf(name);
    const value = at < 0 ? undefined : row.cells[at]?.trim();
    return value === '' ? undefined : value;
  };
  const sourceText = cell('source');
  const kind = cell('kind');
  const ref = cell('ref');
  const subfolder = cell('subfolder');
  const source =
    kind !== undefined || ref !== undefined || subfolder !== undefined
      ? { [kind ?? 'git']: sourceText, ...(ref === undefined ? {} : { ref }), ...(subfolder === undefined ? {} : { subfolder }) }
      : sourceText;
  const merge = cell('merge');
  const raw: Record<string, unknown> = {
    id: cell('id'),
    space: cell('space'),
    source,
    mode: cell('mode'),
    merge: merge === undefined ? undefined : /^(true|yes|y|1)$/i.test(merge) ? true : /^(false|no|n|0)$/i.test(merge) ? false : merge,
    subject: cell('subject'),
    delivery: cell('delivery'),
  };
  if (kind !== undefined && !['folder', 'git', 'space', 'website', 'html', 'markdown', 'zip'].includes(kind)) {
    fail(['kind'], 'must be one of folder, git, space, website, html, markdown, zip');
  }
  return readItem(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined)), index, DEFAULTS, path.dirname(file), scope, fail, note);
}

function readDefaults(value: unknown, fail: Fail, note: Note): Defaults {
  const defaults = DEFAULTS;
  if (value === undefined || value === null) return defaults;
  if (typeof value !== 'object' || Array.isArray(value)) return fail(['defaults'], 'must be an object (mode, merge, subject, delivery)');
  const record = value as Record<string, unknown>;
  noteUnknownKeys(record, ['mode', 'merge', 'subject', 'delivery'], 'default', (fieldPath, message) => note(['defaults', ...fieldPath], message));
  return {
    mode: readMode(record.mode, defaults.mode, (message) => fail(['defaults', 'mode'], message)),
    merge: readBoolean(record.merge, defaults.merge, (message) => fail(['defaults', 'merge'], message)),
    subject: readSubject(record.subject, defaults.subject, (message) => fail(['defaults', 'subject'], message)),
    delivery: readDelivery(record.delivery, defaults.delivery, (message) => fail(['defaults', 'delivery'], message)),
  };
}

function readItem(value: unknown, index: number, defaults: Defaults, baseDir: string, scope: ReadScope | undefined, fail: Fail, note: Note): MigrationItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail([], `item ${index + 1} must be an object with source and space`);
  const record = value as Record<string, unknown>;
  noteUnknownKeys(record, ITEM_FIELDS, 'item field', note);
  const space = record.space;
  if (typeof space !== 'string' || space.trim() === '' || space.includes('/')) return fail(['space'], 'needs the id of the target space');
  if (record.source === undefined) return fail(['source'], 'is missing: a folder, a git or http(s) URL, or space:<id>');
  const source = readSource({ value: record.source, baseDir });
  if (isFieldIssue(source)) return fail(source.path, source.message);
  const local = source.kind === 'folder' ? source.path : source.kind === 'git' && path.isAbsolute(source.url) ? source.url : undefined;
  const located = local === undefined ? undefined : scope?.locate(local);
  if (located?.inside === false && scope) {
    fail(['source'], `resolves to ${located.real}, outside ${scope.describe()}; move it, or add its folder to allowPaths in docsync.yaml`);
  }
  const id = record.id ?? space.trim();
  if (typeof id !== 'string' || !ITEM_ID.test(id))
    return fail([record.id === undefined ? 'space' : 'id'], `${record.id === undefined ? 'as the item id, ' : ''}${ITEM_ID_RULE}`);
  const mode = readMode(record.mode, defaults.mode, (message) => fail(['mode'], message));
  const merge = readBoolean(record.merge, defaults.merge, (message) => fail(['merge'], message));
  if (merge && mode === 'direct' && record.merge !== undefined) fail(['merge'], 'only applies to change-request mode');
  if (source.kind === 'space' && source.spaceId === space.trim()) fail(['source'], 'is the target space itself');
  const delivery = readDelivery(record.delivery, defaults.delivery, (message) => fail(['delivery'], message));
  return {
    id,
    space: space.trim(),
    source,
    mode,
    merge: mode === 'direct' ? false : merge,
    subject: readSubject(record.subject, defaults.subject, (message) => fail(['subject'], message)),
    ...(delivery === 'auto' ? {} : { delivery }),
  };
}

function readDelivery(value: unknown, fallback: MigrationDelivery, fail: (message: string) => never): MigrationDelivery {
  if (value === undefined) return fallback;
  const parsed = MigrationDeliverySchema.safeParse(value);
  return parsed.success ? parsed.data : fail('must be auto, changes or import');
}

function readMode(value: unknown, fallback: MigrationMode, fail: (message: string) => never): MigrationMode {
  if (value === undefined) return fallback;
  const parsed = MigrationModeSchema.safeParse(value);
  return parsed.success ? parsed.data : fail('must be change-request or direct');
}

function readBoolean(value: unknown, fallback: boolean, fail: (message: string) => never): boolean {
  if (value === undefined) return fallback;
  return typeof value === 'boolean' ? value : fail('must be true or false');
}

function readSubject(value: unknown, fallback: string, fail: (message: string) => never): string {
  if (value === undefined) return fallback;
  return typeof value === 'string' && value.trim() !== '' ? value : fail('must be a non-empty subject template');
}

/** Item ids key the ledger, and one space cannot take two sources: each import replaces the content. */
function checkUnique(
  items: readonly MigrationItem[],
  lineOf: (index: number, field: string) => number | undefined,
  file: string,
  fieldOf: (index: number, field: string) => string,
): void {
  const ids = new Map<string, number>();
  const spaces = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const sameSpace = spaces.get(item.space);
    if (sameSpace !== undefined) {
      throw new ConfigError(
        `space "${item.space}" is the target of item ${sameSpace + 1} too; each import replaces a space's content, so give each source its own space`,
        file,
        lineOf(index, 'space'),
        fieldOf(index, 'space'),
      );
    }
    spaces.set(item.space, index);
    const sameId = ids.get(item.id);
    if (sameId !== undefined) {
      throw new ConfigError(
        `item id "${item.id}" is used twice (first by item ${sameId + 1}); ids must be unique`,
        file,
        lineOf(index, 'id'),
        fieldOf(index, 'id'),
      );
    }
    ids.set(item.id, index);
  }
}
