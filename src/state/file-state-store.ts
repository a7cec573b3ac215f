import { appendFile, mkdir, rename, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { ConfigError } from '../config/config-error.js';
import { legacyTargetState } from './legacy-target-state.js';
import { PageRecordSchema, recordAt, StoredFieldsSchema, storedFields, storedTarget, type PageRecord, type StoredFields } from './page-record.js';
import { fieldsLineAt, recordLineAt, type FieldsLine } from './log-line.js';
import { changedPaths, viewedState } from './record-view.js';
import { readWholeFile } from './read-whole-file.js';
import { StoredRecords } from './stored-records.js';
import type { StateStore, TargetState } from './state-store.js';

/** The first line of a state file: what the lines after it are. Versions 1 and 2 were one JSON document, converted when read. */
const HEADER = JSON.stringify({ docsync: 'state', version: 3 });
const HEADER_LINE = Buffer.from(`${HEADER}\n`);

/** A target as this store last read or wrote it. */
interface Target {
  readonly state: TargetState;
  /** Each of its own fields' JSON text as written: a write appends those that changed. */
  readonly fields: ReadonlyMap<string, string>;
  /** The values those texts were read from or written for: a field still holding the same value is not encoded again. */
  readonly values: ReadonlyMap<string, unknown>;
  /** Its records as the log read holds them. */
  readonly stored: StoredRecords | undefined;
  /** The length of each path's live line written since the log was read (0: none): what is live of it. */
  readonly lines: Map<string, number>;
  /** Bytes of its records' live lines. */
  recordBytes: number;
}

interface Loaded {
  readonly targets: Map<string, Target>;
  /** Bytes in the file after its header, live or not: compacted when the dead outnumber the live. */
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
 * wins. Read, the log is indexed in its bytes (see log-line.ts): records are decoded when first
 * used, so a run decodes the records it looks up, and each field is parsed once. The state handed
 * out is not changed in place by its users (a new state is set): a field still holding the value
 * read or written is not encoded again. Records not
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
      let recordBytes = previous?.recordBytes ?? 0;
      const appended: string[] = [];
      for (const path of changedPaths(previous?.state, state)) {
        const record = recordAt(state, path);
        const line = recordLine(key, path, record);
        appended.push(line);
        recordBytes -= lineLength(previous, path);
        const length = record === undefined ? 0 : Buffer.byteLength(line) + 1;
        recordBytes += length;
        lines.set(path, length);
      }
      const { texts, values } = fieldTexts(storedFields(state), previous);
      const patch = fieldsPatch(previous?.fields, texts);
      loaded.targets.set(key, { state, fields: texts, values, stored: previous?.stored, lines, recordBytes });
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
    loaded.size += Buffer.byteLength(text);
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
      let recordBytes = 0;
      for (const [path, record] of storedTarget(target.state).records) {
        const line = recordLine(key, path, record);
        text.push(line);
        lines.set(path, Buffer.byteLength(line) + 1);
        recordBytes += Buffer.byteLength(line) + 1;
      }
      text.push(fieldsLine(key, { set: [...target.fields], unset: [] }));
      targets.set(key, { ...target, stored: undefined, lines, recordBytes });
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
    // Indexed as bytes: decoding 30,000 records' text to find their lines cost more than the rest of the read.
    if (bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d)) return { targets: new Map(), size: 0, started: false };
    if (!bytes.subarray(0, HEADER_LINE.length).equals(HEADER_LINE)) return this.convert(bytes.toString('utf8'));
    const { targets, committed } = this.parseLog(bytes);
    // Whatever follows the last committed line is a write cut short: cut it, so the next append follows a whole line.
    if (committed < bytes.length) await truncate(this.path, committed);
    return { targets, size: committed - HEADER_LINE.length, started: true };
  }

  /**
   * The targets of a log, and where its last committed line ends. The log is indexed where it lies
   * in the bytes read: each path's live line, and each field's text (parsed once, the last written).
   */
  private parseLog(bytes: Buffer): { targets: Map<string, Target>; committed: number } {
    const records = new Map<string, Map<string, number>>(); // by target, by path: where its live line starts
    const recordBytes = new Map<string, number>(); // by target, bytes of its records' live lines
    const fields = new Map<string, Map<string, string>>(); // by target, each field's JSON text
    const pending = new Map<string, [path: string, start: number | undefined, length: number][]>(); // by target, records not yet committed
    let start = HEADER_LINE.length;
    let committed = start;
    for (let number = 2; start < bytes.length; number++) {
      const end = bytes.indexOf(0x0a, start);
      if (end < 0) break; // a line cut short
      const record = recordLineAt(bytes, start, end);
      if (record !== undefined) {
        const list = pending.get(record.key) ?? [];
        list.push([record.path, record.record === undefined ? undefined : start, end + 1 - start]);
        pending.set(record.key, list);
        start = end + 1;
        continue;
      }
      const line = fieldsLineAt(bytes, start, end) ?? parseLine(bytes.toString('utf8', start, end));
      if (line === undefined) throw this.damaged(`line ${number} is not a record of docsync's state`, number);
      start = end + 1;
      committed = start;
      if ('deleted' in line) {
        records.delete(line.key);
        recordBytes.delete(line.key);
        fields.delete(line.key);
      } else {
        const own = records.get(line.key) ?? new Map<string, number>();
        let live = recordBytes.get(line.key) ?? 0;
        for (const [path, at, length] of pending.get(line.key) ?? []) {
          const before = own.get(path);
          if (before !== undefined) live -= bytes.indexOf(0x0a, before) + 1 - before;
          if (at === undefined) own.delete(path);
          else {
            own.set(path, at);
            live += length;
          }
        }
        records.set(line.key, own);
        recordBytes.set(line.key, live);
        const texts = fields.get(line.key) ?? new Map<string, string>();
        for (const [name, value] of line.set) texts.set(name, value);
        for (const name of line.unset) texts.delete(name);
        fields.set(line.key, texts);
      }
      pending.delete(line.key);
    }
    const targets = new Map<string, Target>();
    for (const [key, texts] of fields) {
      const parsed = StoredFieldsSchema.safeParse(this.decodeFields(key, texts));
      if (!parsed.success) throw this.damaged(`the fields of ${key} are not in the expected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`);
      const stored = new StoredRecords(bytes, records.get(key) ?? new Map(), (path, record) => this.decodeRecord(key, path, record));
      const values = new Map(Object.entries(parsed.data));
      targets.set(key, { state: viewedState(parsed.data, stored), fields: texts, values, stored, lines: new Map(), recordBytes: recordBytes.get(key) ?? 0 });
    }
    return { targets, committed };
  }

  /** A target's own fields, each parsed from its text. */
  private decodeFields(key: string, texts: ReadonlyMap<string, string>): Record<string, unknown> {
    const fields: Record<string, unknown> = {};
    for (const [name, text] of texts) {
      try {
        fields[name] = JSON.parse(text) as unknown;
      } catch (error) {
        throw this.damaged(`the field ${name} of ${key} is not valid JSON`, undefined, error);
      }
    }
    return fields;
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
      const { texts, values } = fieldTexts(storedFields(converted.state), undefined);
      targets.set(key, { state: converted.state, fields: texts, values, stored: undefined, lines: new Map(), recordBytes: 0 });
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

/** What a compacted log holds after its header: each target's records and its fields, in bytes. */
function liveSize(targets: ReadonlyMap<string, Target>): number {
  let size = 0;
  for (const [key, { recordBytes, fields }] of targets) {
    size += recordBytes + Buffer.byteLength(fieldsLine(key, { set: [], unset: [] })) + 1;
    for (const [name, text] of fields) size += Buffer.byteLength(name) + Buffer.byteLength(text) + 4; // quotes, colon, comma
  }
  return size;
}

/** The length of a path's live line in the log (0: none), as `target` last read or wrote it. */
function lineLength(target: Target | undefined, path: string): number {
  return target?.lines.get(path) ?? target?.stored?.lineLength(path) ?? 0;
}

/**
 * A target's own fields, each as its JSON text, and the values they stand for: a field holding the
 * value `previous` read or wrote keeps its text, not encoded again (the redirects of 30,000 pages).
 */
function fieldTexts(fields: StoredFields, previous: Target | undefined): { texts: Map<string, string>; values: Map<string, unknown> } {
  const texts = new Map<string, string>();
  const values = new Map<string, unknown>();
  // A field set to undefined is absent, as JSON has it.
  for (const [name, value] of Object.entries(fields) as [string, unknown][]) {
    if (value === undefined) continue;
    const kept = typeof value === 'object' && previous?.values.get(name) === value ? previous.fields.get(name) : undefined;
    texts.set(name, kept ?? JSON.stringify(value));
    values.set(name, value);
  }
  return { texts, values };
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

type Line = FieldsLine | { readonly key: string; readonly deleted: true };

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
