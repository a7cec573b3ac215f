import { appendFile, mkdir, rename, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { ConfigError } from '../config/config-error.js';
import { legacyTargetState } from './legacy-target-state.js';
import { PageRecordSchema, recordAt, StoredFieldsSchema, storedFields, storedTarget, type PageRecord, type StoredFields } from './page-record.js';
import { changedPaths, StoredRecords, viewedState } from './record-view.js';
import { readWholeFile } from './read-whole-file.js';
import type { StateStore, TargetState } from './state-store.js';

/** The first line of a state file: what the lines after it are. Versions 1 and 2 were one JSON document, converted when read. */
const HEADER = JSON.stringify({ docsync: 'state', version: 3 });

/** A target as this store last read or wrote it. */
interface Target {
  readonly state: TargetState;
  /** Each of its own fields' JSON text as written: a write appends those that changed. */
  readonly fields: ReadonlyMap<string, string>;
  /** The length of the line of each path's record in the file: what is live of it. */
  readonly lines: Map<string, number>;
}

interface Loaded {
  readonly targets: Map<string, Target>;
  /** Characters in the file after its header, live or not: compacted when the dead outnumber the live. */
  size: number;
  /** Whether the file holds its header: until then the first write starts it. */
  started: boolean;
}

/**
 * State in one file of JSON lines, a log: after a header, one line per page record set or removed
 * (`{"key","path","record"}`), and one line per write of a target's own fields, naming those that
 * changed (`{"key","fields","unset"}`), written after its records and committing them; or a
 * target's deletion (`{"key","deleted"}`). A write appends only what changed (a one-page edit of
 * 30,000 pages appends a few short lines), in one append; the last line of a path, or of a field,
 * wins. Records are decoded when first used: a run decodes the records it looks up. Records not
 * followed by their target's fields line, from a write cut short, are dropped and cut from the file
 * when read. When the dead lines outweigh the live ones, the file is rewritten with the live ones
 * (temp file + rename, so a crash leaves the log as it was). For one process at a time; the daemon
 * uses Redis.
 */
export class FileStateStore implements StateStore {
  /** The state as loaded once: reads that start together (a target's and the delivery's) share the load. */
  private loaded: Promise<Loaded> | undefined;
  /** Writes, one after the other: appends never interleave. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  async get(key: string): Promise<TargetState | undefined> {
    return (await this.load()).targets.get(key)?.state;
  }

  set(key: string, state: TargetState): Promise<void> {
    return this.write(async (loaded) => {
      const previous = loaded.targets.get(key);
      // Changed in place: the target's previous entry is replaced below and held nowhere else.
      const lines = previous?.lines ?? new Map<string, number>();
      const appended: string[] = [];
      for (const path of changedPaths(previous?.state, state)) {
        const record = recordAt(state, path);
        const line = recordLine(key, path, record);
        appended.push(line);
        if (record === undefined) lines.delete(path);
        else lines.set(path, line.length + 1);
      }
      const fields = fieldTexts(storedFields(state));
      const patch = fieldsPatch(previous?.fields, fields);
      loaded.targets.set(key, { state, fields, lines });
      if (appended.length === 0 && patch === undefined) return;
      appended.push(fieldsLine(key, patch ?? { set: [], unset: [] }));
      await this.append(loaded, appended);
    });
  }

  delete(key: string): Promise<void> {
    return this.write(async (loaded) => {
      if (!loaded.targets.delete(key)) return;
      await this.append(loaded, [JSON.stringify({ key, deleted: true })]);
    });
  }

  async list(): Promise<Map<string, TargetState>> {
    return new Map([...(await this.load()).targets].map(([key, target]) => [key, target.state]));
  }

  private write(step: (loaded: Loaded) => Promise<void>): Promise<void> {
    const next = this.writing.catch(() => undefined).then(async () => step(await this.load()));
    this.writing = next;
    return next;
  }

  private async append(loaded: Loaded, lines: readonly string[]): Promise<void> {
    const text = `${lines.join('\n')}\n`;
    loaded.size += text.length;
    const live = liveSize(loaded.targets);
    if (loaded.size - live > live) {
      await this.rewrite(loaded.targets);
      loaded.size = liveSize(loaded.targets);
      loaded.started = true;
      return;
    }
    if (!loaded.started) await mkdir(dirname(this.path), { recursive: true });
    await appendFile(this.path, loaded.started ? text : `${HEADER}\n${text}`);
    loaded.started = true;
  }

  /** The whole file anew, with its live lines only (every record decoded: once in many writes). */
  private async rewrite(targets: Map<string, Target>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const text = [HEADER];
    for (const [key, target] of targets) {
      const lines = new Map<string, number>();
      for (const [path, record] of storedTarget(target.state).records) {
        const line = recordLine(key, path, record);
        text.push(line);
        lines.set(path, line.length + 1);
      }
      text.push(fieldsLine(key, { set: [...target.fields], unset: [] }));
      targets.set(key, { ...target, lines });
    }
    const temp = `${this.path}.${process.pid}.tmp`;
    await writeFile(temp, `${text.join('\n')}\n`);
    await rename(temp, this.path);
  }

  private load(): Promise<Loaded> {
    if (this.loaded === undefined) {
      const loading = this.read();
      // A failed load is not kept: the next call reads again.
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = undefined;
      });
      this.loaded = loading;
    }
    return this.loaded;
  }

  private async read(): Promise<Loaded> {
    let bytes: Buffer;
    try {
      bytes = await readWholeFile(this.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') throw this.damaged('the state file is a folder', undefined, error);
      if (code === 'ENOTDIR') throw this.damaged("the state file's folder is a file", undefined, error);
      if (code !== 'ENOENT') throw error;
      return { targets: new Map(), size: 0, started: false };
    }
    // Decoded at once: read as utf8, a large file went through a decoder in pieces, several times slower.
    const text = bytes.toString('utf8');
    if (text.trim() === '') return { targets: new Map(), size: 0, started: false };
    if (!text.startsWith(`${HEADER}\n`)) return this.convert(text);
    const { targets, committed } = this.parseLog(text);
    // Whatever follows the last committed line is a write cut short: cut it, so the next append follows a whole line.
    if (committed < text.length) await truncate(this.path, Buffer.byteLength(text.slice(0, committed)));
    return { targets, size: committed - HEADER.length - 1, started: true };
  }

  /** The targets of a log, and where its last committed line ends. */
  private parseLog(text: string): { targets: Map<string, Target>; committed: number } {
    const records = new Map<string, Map<string, { text: string; length: number }>>(); // by target, by path
    const fields = new Map<string, Map<string, string>>(); // by target, each field's JSON text
    const pending = new Map<string, [string, { text: string; length: number } | undefined][]>();
    let start = HEADER.length + 1;
    let committed = start;
    for (let number = 2; start < text.length; number++) {
      const end = text.indexOf('\n', start);
      if (end < 0) break; // a line cut short
      const line = recordOfLine(text, start, end) ?? parseLine(text.slice(start, end));
      if (line === undefined) throw this.damaged(`line ${number} is not a record of docsync's state`, number);
      const length = end + 1 - start;
      start = end + 1;
      if ('path' in line) {
        const list = pending.get(line.key) ?? [];
        list.push([line.path, line.record === undefined ? undefined : { text: line.record, length }]);
        pending.set(line.key, list);
        continue;
      }
      committed = start;
      if ('deleted' in line) {
        records.delete(line.key);
        fields.delete(line.key);
      } else {
        const own = records.get(line.key) ?? new Map<string, { text: string; length: number }>();
        for (const [path, record] of pending.get(line.key) ?? []) {
          if (record === undefined) own.delete(path);
          else own.set(path, record);
        }
        records.set(line.key, own);
        const texts = fields.get(line.key) ?? new Map<string, string>();
        for (const [name, value] of line.set) texts.set(name, value);
        for (const name of line.unset) texts.delete(name);
        fields.set(line.key, texts);
      }
      pending.delete(line.key);
    }
    const targets = new Map<string, Target>();
    for (const [key, texts] of fields) {
      const parsed = StoredFieldsSchema.safeParse(Object.fromEntries([...texts].map(([name, value]) => [name, JSON.parse(value) as unknown])));
      if (!parsed.success) throw this.damaged(`the fields of ${key} are not in the expected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`);
      const own = records.get(key) ?? new Map<string, { text: string; length: number }>();
      const stored = new StoredRecords(new Map([...own].map(([path, record]) => [path, record.text])), (path, record) => this.decodeRecord(key, path, record));
      targets.set(key, { state: viewedState(parsed.data, stored), fields: texts, lines: new Map([...own].map(([path, record]) => [path, record.length])) });
    }
    return { targets, committed };
  }

  /** A record's text, checked; a damaged one is named with the target and path. */
  private decodeRecord(key: string, path: string, text: string): PageRecord {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw this.damaged(`the record of ${path} in ${key} is not valid JSON`, undefined, error);
    }
    const record = PageRecordSchema.safeParse(json);
    if (!record.success)
      throw this.damaged(
        `the record of ${path} in ${key} is not in the expected shape (${record.error.issues[0]?.message ?? 'invalid'})`,
        undefined,
        record.error,
      );
    return record.data;
  }

  /** A state file as versions 1 and 2 wrote it (one JSON document), converted and written again as a log. */
  private async convert(text: string): Promise<Loaded> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw this.damaged(`the state file is not valid JSON (${(error as Error).message})`, undefined, error);
    }
    const document = LegacyFileSchema.safeParse(json);
    if (!document.success)
      throw this.damaged(`the state file is not in the expected shape (${document.error.issues[0]?.message ?? 'invalid'})`, undefined, document.error);
    const targets = new Map<string, Target>();
    for (const [key, value] of Object.entries(document.data.targets)) {
      const converted = legacyTargetState(value);
      if ('problem' in converted) throw this.damaged(`the state file is not in the expected shape (${key}: ${converted.problem})`);
      targets.set(key, { state: converted.state, fields: fieldTexts(storedFields(converted.state)), lines: new Map() });
    }
    await this.rewrite(targets);
    return { targets, size: liveSize(targets), started: true };
  }

  private damaged(problem: string, line?: number, cause?: unknown): ConfigError {
    const fix = 'delete it (or restore it) and docsync will find its change requests through the API';
    return new ConfigError(`${problem}; ${fix}`, this.path, line, undefined, cause === undefined ? undefined : { cause });
  }
}

/** A state file of versions 1 and 2: one JSON document, its targets converted one by one. */
const LegacyFileSchema = z.object({ version: z.union([z.literal(1), z.literal(2)]), targets: z.record(z.string(), z.unknown()) });

/** What a compacted log holds after its header: each target's records and its fields, in characters. */
function liveSize(targets: ReadonlyMap<string, Target>): number {
  let size = 0;
  for (const [key, { lines, fields }] of targets) {
    for (const length of lines.values()) size += length;
    size += fieldsLine(key, { set: [...fields], unset: [] }).length + 1;
  }
  return size;
}

/** A target's own fields, each as its JSON text. */
function fieldTexts(fields: StoredFields): Map<string, string> {
  const texts = new Map<string, string>();
  // A field set to undefined is absent, as JSON has it.
  for (const [name, value] of Object.entries(fields) as [string, unknown][]) if (value !== undefined) texts.set(name, JSON.stringify(value));
  return texts;
}

/** The fields set anew or changed since `before`, and those unset; undefined when none. */
function fieldsPatch(before: ReadonlyMap<string, string> | undefined, after: ReadonlyMap<string, string>): FieldsPatch | undefined {
  const set = [...after].filter(([name, text]) => before?.get(name) !== text);
  const unset = [...(before?.keys() ?? [])].filter((name) => !after.has(name));
  return set.length === 0 && unset.length === 0 ? undefined : { set, unset };
}

interface FieldsPatch {
  readonly set: readonly (readonly [string, string])[];
  readonly unset: readonly string[];
}

function fieldsLine(key: string, patch: FieldsPatch): string {
  const fields = `{${patch.set.map(([name, text]) => `${JSON.stringify(name)}:${text}`).join(',')}}`;
  return `{"key":${JSON.stringify(key)},"fields":${fields}${patch.unset.length > 0 ? `,"unset":${JSON.stringify(patch.unset)}` : ''}}`;
}

function recordLine(key: string, path: string, record: PageRecord | undefined): string {
  return JSON.stringify(record === undefined ? { key, path } : { key, path, record });
}

/** What starts a record's line, as written by {@link recordLine}: the key, then the path. */
const KEY = '{"key":"';
const PATH = ',"path":"';
const RECORD = ',"record":';

/**
 * A record's line (between `start` and `end` of `text`) read by its key and path alone, its record
 * kept as text to decode when used; undefined for any other line (then parsed whole).
 */
function recordOfLine(text: string, start: number, end: number): { key: string; path: string; record: string | undefined } | undefined {
  if (!text.startsWith(KEY, start)) return undefined;
  const keyEnd = endOfString(text, start + KEY.length - 1, end);
  if (keyEnd === undefined || !text.startsWith(PATH, keyEnd + 1)) return undefined;
  const pathStart = keyEnd + 1 + PATH.length - 1;
  const pathEnd = endOfString(text, pathStart, end);
  if (pathEnd === undefined) return undefined;
  const key = stringAt(text, start + KEY.length - 1, keyEnd);
  const path = stringAt(text, pathStart, pathEnd);
  if (key === undefined || path === undefined) return undefined;
  if (pathEnd + 2 === end && text[pathEnd + 1] === '}') return { key, path, record: undefined };
  if (!text.startsWith(RECORD, pathEnd + 1) || text[end - 1] !== '}') return undefined;
  return { key, path, record: text.slice(pathEnd + 1 + RECORD.length, end - 1) };
}

/** Where the JSON string opening at `open` (its quote) closes, before `end`. */
function endOfString(text: string, open: number, end: number): number | undefined {
  for (let at = text.indexOf('"', open + 1); at >= 0 && at < end; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text[at - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return undefined;
}

/** The JSON string between quotes at `open` and `close`. */
function stringAt(text: string, open: number, close: number): string | undefined {
  const inner = text.slice(open + 1, close);
  if (!inner.includes('\\')) return inner;
  try {
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    return undefined;
  }
}

type Line =
  | { readonly key: string; readonly path: string; readonly record: string | undefined }
  | { readonly key: string; readonly set: readonly (readonly [string, string])[]; readonly unset: readonly string[] }
  | { readonly key: string; readonly deleted: true };

/** A line of a log other than a record's, checked; undefined when it is none. */
function parseLine(text: string): Line | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const line = json as { key?: unknown; fields?: unknown; unset?: unknown; deleted?: unknown };
  if (typeof line.key !== 'string') return undefined;
  if (line.deleted === true) return { key: line.key, deleted: true };
  if (typeof line.fields !== 'object' || line.fields === null || Array.isArray(line.fields)) return undefined;
  const unset = line.unset ?? [];
  if (!Array.isArray(unset) || !unset.every((name) => typeof name === 'string')) return undefined;
  const set = Object.entries(line.fields).map(([name, value]) => [name, JSON.stringify(value)] as const);
  return { key: line.key, set, unset };
}
