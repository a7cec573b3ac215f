import { appendFile, mkdir, rename, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { ConfigError } from '../config/config-error.js';
import { legacyTargetState } from './legacy-target-state.js';
import { changedRecords, PageRecordSchema, StoredFieldsSchema, storedTarget, targetStateOf, type PageRecord, type StoredTarget } from './page-record.js';
import { readWholeFile } from './read-whole-file.js';
import type { StateStore, TargetState } from './state-store.js';

/** The first line of a state file: what the lines after it are. Versions 1 and 2 were one JSON document, converted when read. */
const HEADER = JSON.stringify({ docsync: 'state', version: 3 });

/** A target as loaded: what is stored, its fields' text as written (to skip writing them unchanged), and the state they make. */
interface Target {
  readonly stored: StoredTarget;
  readonly fieldsText: string;
  readonly state: TargetState;
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
 * last line of a path wins. Records not followed by their target's fields line, from a write cut
 * short, are dropped and cut from the file when read. When dead lines outnumber live ones, the file
 * is rewritten with the live ones (temp file + rename, so a crash leaves the log as it was). For one
 * process at a time; the daemon uses Redis.
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
      const stored = storedTarget(state);
      const previous = loaded.targets.get(key);
      const fieldsText = JSON.stringify(stored.fields);
      const changes = changedRecords(previous?.stored.records, stored.records);
      loaded.targets.set(key, { stored, fieldsText, state });
      if (changes.length === 0 && previous?.fieldsText === fieldsText) return;
      const lines = changes.map(([path, record]) => recordLine(key, path, record));
      lines.push(`{"key":${JSON.stringify(key)},"fields":${fieldsText}}`);
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

  /** The whole file anew, with its live lines only. */
  private async rewrite(targets: ReadonlyMap<string, Target>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const lines = [HEADER];
    for (const [key, { stored, fieldsText }] of targets) {
      for (const [path, record] of stored.records) lines.push(recordLine(key, path, record));
      lines.push(`{"key":${JSON.stringify(key)},"fields":${fieldsText}}`);
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
    const records = new Map<string, Map<string, PageRecord>>();
    const fields = new Map<string, { readonly fields: StoredTarget['fields']; readonly fieldsText: string }>();
    const pending = new Map<string, [string, PageRecord | undefined][]>();
    let lines = 0;
    let start = HEADER.length + 1;
    let committed = start;
    for (let number = 2; start < text.length; number++) {
      const end = text.indexOf('\n', start);
      if (end < 0) break; // a line cut short
      const line = parseLine(text.slice(start, end));
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
        const own = records.get(line.key) ?? new Map<string, PageRecord>();
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
      const stored = { fields: own.fields, records: records.get(key) ?? new Map<string, PageRecord>() };
      targets.set(key, { stored, fieldsText: own.fieldsText, state: targetStateOf(stored) });
    }
    return { targets, lines, committed };
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
      const stored = storedTarget(converted.state);
      targets.set(key, { stored, fieldsText: JSON.stringify(stored.fields), state: targetStateOf(stored) });
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
  for (const { stored } of targets.values()) lines += stored.records.size + 1;
  return lines;
}

function recordLine(key: string, path: string, record: PageRecord | undefined): string {
  return JSON.stringify(record === undefined ? { key, path } : { key, path, record });
}

type Line =
  | { readonly key: string; readonly path: string; readonly record: PageRecord | undefined }
  | { readonly key: string; readonly fields: StoredTarget['fields']; readonly fieldsText: string }
  | { readonly key: string; readonly deleted: true };

/** One line of a log, checked; undefined when it is none. */
function parseLine(text: string): Line | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const line = json as { key?: unknown; path?: unknown; record?: unknown; fields?: unknown; deleted?: unknown };
  if (typeof line.key !== 'string') return undefined;
  if (typeof line.path === 'string') {
    if (line.record === undefined) return { key: line.key, path: line.path, record: undefined };
    const record = PageRecordSchema.safeParse(line.record);
    return record.success ? { key: line.key, path: line.path, record: record.data } : undefined;
  }
  if (line.deleted === true) return { key: line.key, deleted: true };
  const fields = StoredFieldsSchema.safeParse(line.fields);
  return fields.success ? { key: line.key, fields: fields.data, fieldsText: JSON.stringify(fields.data) } : undefined;
}
