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

/** A target as this store last read or wrote it: its state, its fields' text as written (to skip writing them unchanged), how many paths hold a record. */
interface Target {
  readonly state: TargetState;
  readonly fieldsText: string;
  readonly records: number;
}

interface Loaded {
  readonly targets: Map<string, Target>;
  /** Lines in the file after its header, live or not: compacted when dead ones outnumber live ones. */
  lines: number;
  /** Whether the file holds its header: until then the first write starts it. */
  started: boolean;
}

/**
 * State in one file of JSON lines, a log: after a header, one line per page record set or removed
 * (`{"key","path","record"}`), and one line per target's own fields (`{"key","fields"}`), written
 * after its records and committing them, or its deletion (`{"key","deleted"}`). A write appends only
 * the records that changed (a one-page edit of 30,000 pages appends a few lines), in one append; the
 * last line of a path wins. Records are decoded when first used: a run reads the records it looks
 * up. Records not followed by their target's fields line, from a write cut short, are dropped and
 * cut from the file when read. When dead lines outnumber live ones, the file is rewritten with the
 * live ones (temp file + rename, so a crash leaves the log as it was). For one process at a time;
 * the daemon uses Redis.
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
      const fieldsText = JSON.stringify(storedFields(state));
      const lines: string[] = [];
      let records = previous?.records ?? 0;
      for (const path of changedPaths(previous?.state, state)) {
        const record = recordAt(state, path);
        records += (record === undefined ? 0 : 1) - (recordAt(previous?.state, path) === undefined ? 0 : 1);
        lines.push(recordLine(key, path, record));
      }
      loaded.targets.set(key, { state, fieldsText, records });
      if (lines.length === 0 && previous?.fieldsText === fieldsText) return;
      lines.push(fieldsLine(key, fieldsText));
      await this.append(loaded, lines);
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
    loaded.lines += lines.length;
    const live = liveLines(loaded.targets);
    if (loaded.lines - live > live) {
      await this.rewrite(loaded.targets);
      loaded.lines = live;
      loaded.started = true;
      return;
    }
    if (!loaded.started) await mkdir(dirname(this.path), { recursive: true });
    await appendFile(this.path, `${loaded.started ? '' : `${HEADER}\n`}${lines.join('\n')}\n`);
    loaded.started = true;
  }

  /** The whole file anew, with its live lines only (every record decoded: once in many writes). */
  private async rewrite(targets: ReadonlyMap<string, Target>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const lines = [HEADER];
    for (const [key, { state, fieldsText }] of targets) {
      for (const [path, record] of storedTarget(state).records) lines.push(recordLine(key, path, record));
      lines.push(fieldsLine(key, fieldsText));
    }
    const temp = `${this.path}.${process.pid}.tmp`;
    await writeFile(temp, `${lines.join('\n')}\n`);
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
      return { targets: new Map(), lines: 0, started: false };
    }
    // Decoded at once: read as utf8, a large file went through a decoder in pieces, several times slower.
    const text = bytes.toString('utf8');
    if (text.trim() === '') return { targets: new Map(), lines: 0, started: false };
    if (!text.startsWith(`${HEADER}\n`)) return this.convert(text);
    const { targets, lines, committed } = this.parseLog(text);
    // Whatever follows the last committed line is a write cut short: cut it, so the next append follows a whole line.
    if (committed < text.length) await truncate(this.path, Buffer.byteLength(text.slice(0, committed)));
    return { targets, lines, started: true };
  }

  /** The targets of a log, how many lines it holds, and where its last committed line ends. */
  private parseLog(text: string): { targets: Map<string, Target>; lines: number; committed: number } {
    const records = new Map<string, Map<string, string>>(); // by target, each record's text by path
    const fields = new Map<string, { readonly fields: StoredFields; readonly fieldsText: string }>();
    const pending = new Map<string, [string, string | undefined][]>();
    let lines = 0;
    let start = HEADER.length + 1;
    let committed = start;
    for (let number = 2; start < text.length; number++) {
      const end = text.indexOf('\n', start);
      if (end < 0) break; // a line cut short
      const line = recordOfLine(text, start, end) ?? parseLine(text.slice(start, end));
      if (line === undefined) throw this.damaged(`line ${number} is not a record of docsync's state`, number);
      lines++;
      start = end + 1;
      if ('path' in line) {
        const list = pending.get(line.key) ?? [];
        list.push([line.path, line.record]);
        pending.set(line.key, list);
        continue;
      }
      committed = start;
      if ('deleted' in line) {
        records.delete(line.key);
        fields.delete(line.key);
      } else {
        const own = records.get(line.key) ?? new Map<string, string>();
        for (const [path, record] of pending.get(line.key) ?? []) {
          if (record === undefined) own.delete(path);
          else own.set(path, record);
        }
        records.set(line.key, own);
        fields.set(line.key, line);
      }
      pending.delete(line.key);
    }
    const targets = new Map<string, Target>();
    for (const [key, own] of fields) {
      const texts = records.get(key) ?? new Map<string, string>();
      const stored = new StoredRecords(texts, (path, record) => this.decodeRecord(key, path, record));
      targets.set(key, { state: viewedState(own.fields, stored), fieldsText: own.fieldsText, records: texts.size });
    }
    return { targets, lines, committed };
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
      const { fields, records } = storedTarget(converted.state);
      targets.set(key, { state: converted.state, fieldsText: JSON.stringify(fields), records: records.size });
    }
    await this.rewrite(targets);
    return { targets, lines: liveLines(targets), started: true };
  }

  private damaged(problem: string, line?: number, cause?: unknown): ConfigError {
    const fix = 'delete it (or restore it) and docsync will find its change requests through the API';
    return new ConfigError(`${problem}; ${fix}`, this.path, line, undefined, cause === undefined ? undefined : { cause });
  }
}

/** A state file of versions 1 and 2: one JSON document, its targets converted one by one. */
const LegacyFileSchema = z.object({ version: z.union([z.literal(1), z.literal(2)]), targets: z.record(z.string(), z.unknown()) });

/** Lines a compacted log holds: each target's records and its fields. */
function liveLines(targets: ReadonlyMap<string, Target>): number {
  let lines = 0;
  for (const { records } of targets.values()) lines += records + 1;
  return lines;
}

function recordLine(key: string, path: string, record: PageRecord | undefined): string {
  return JSON.stringify(record === undefined ? { key, path } : { key, path, record });
}

function fieldsLine(key: string, fieldsText: string): string {
  return `{"key":${JSON.stringify(key)},"fields":${fieldsText}}`;
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
  | { readonly key: string; readonly fields: StoredFields; readonly fieldsText: string }
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
  const line = json as { key?: unknown; fields?: unknown; deleted?: unknown };
  if (typeof line.key !== 'string') return undefined;
  if (line.deleted === true) return { key: line.key, deleted: true };
  const fields = StoredFieldsSchema.safeParse(line.fields);
  return fields.success ? { key: line.key, fields: fields.data, fieldsText: JSON.stringify(fields.data) } : undefined;
}
