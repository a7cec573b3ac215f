import { mkdir, open, rename, truncate, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fieldsLine, fieldsPatch, type FieldText } from './fields-line.js';
import { fieldsLineAt, parseLine, recordKeyAt, type LiveRecords } from './log-line.js';
import { readWholeFile } from './read-whole-file.js';
import { StoredRecords } from './stored-records.js';

/** What a log holds and how its lines are checked: its users' records and fields are theirs to decode. */
export interface RecordLogFormat<R, F extends object> {
  /** The first line of the file: what the lines after it are. */
  readonly header: string;
  /** The file as a person knows it, in messages ("the state file"). */
  readonly name: string;
  /** A record from its JSON text, checked; throws (see {@link damaged}) when it fails its check. */
  decodeRecord(key: string, path: string, text: string): R;
  /**
   * A key's own fields from each field's JSON text (its bytes, a view of the file's), checked; throws
   * when they fail their check. A field may be left as its bytes, decoded when first used.
   */
  decodeFields(key: string, texts: ReadonlyMap<string, Buffer>): F;
  /** A field's JSON text when its user has made it already (to hash it), else undefined: it is encoded here. */
  encodeField?(name: string, value: unknown): string | undefined;
  /** The error a damaged file, line or record is reported as. */
  damaged(problem: string, line?: number, cause?: unknown): Error;
  /**
   * A file that does not start with the header: its keys converted (the log is then written anew
   * with them), or undefined when it is nothing to keep (the first write replaces it).
   */
  convert?(bytes: Buffer): ReadonlyMap<string, Converted<R, F>> | undefined;
}

/** A key of a file in an older format, as converted. */
export interface Converted<R, F> {
  readonly fields: F;
  readonly records: Iterable<readonly [string, R]>;
}

/** A key as the log read it: its fields decoded, its records indexed, decoded when first used. */
export interface LoggedKey<R, F> {
  readonly fields: F;
  readonly records: StoredRecords<R>;
}

/** A key as this log last read or wrote it. */
interface Entry<R> {
  /** Each of its own fields' JSON text as read (its bytes) or written: a write appends those that changed. */
  readonly texts: ReadonlyMap<string, FieldText>;
  /** The values those texts were read from or written for: a field still holding the same value is not encoded again. */
  readonly values: ReadonlyMap<string, unknown>;
  /** Its records as the file read holds them. */
  readonly stored: StoredRecords<R> | undefined;
  /** Records written since the file was read (undefined: removed), laid over {@link stored}. */
  readonly written: Map<string, R | undefined>;
  /** The length of each path's live line written since the file was read (0: none). */
  readonly lines: Map<string, number>;
  /** Its live records' count and bytes; undefined until written, when the stored records count them. */
  readonly live: LiveRecords | undefined;
}

interface Loaded<R, F> {
  readonly entries: Map<string, Entry<R>>;
  /** The keys as read, for {@link RecordLog.load}. */
  readonly keys: ReadonlyMap<string, LoggedKey<R, F>>;
  /** Bytes in the file after its header, live or not: compacted when the dead outweigh the live. */
  size: number;
  /** Whether the file holds its header: until then the first write replaces it. */
  started: boolean;
}

/**
 * Records by key and path in one file of JSON lines, a log: after a header, one line per record set
 * or removed (`{"key","path","record"}`, `{"key","path"}`), and one line per write of a key's own
 * fields, naming those that changed (`{"key","fields","unset"}`), written after its records and
 * committing them; or a key's deletion (`{"key","deleted"}`). A write appends only what changed, its
 * fields line last; the last line of a path, or of a field, wins. Read, the file is indexed in its bytes
 * (see log-line.ts): records are decoded when first used, each field's text is decoded by the format.
 * Records not followed by their key's fields line, from a write cut short, are dropped and cut from
 * the file when read. When the dead lines outweigh the live ones, the file is rewritten with the
 * live ones (temp file + rename, so a crash leaves the log as it was). For one process at a time.
 */
export class RecordLog<R, F extends object> {
  /** The file as loaded once: reads that start together share the load. */
  private loaded: Promise<Loaded<R, F>> | undefined;
  /** Writes, one after the other: appends never interleave. */
  private writing: Promise<unknown> = Promise.resolve();
  private readonly headerLine: Buffer;

  constructor(
    readonly path: string,
    private readonly format: RecordLogFormat<R, F>,
  ) {
    this.headerLine = Buffer.from(`${format.header}\n`);
  }

  /** The keys as the file holds them when first read (later writes are the writer's to know). */
  async load(): Promise<ReadonlyMap<string, LoggedKey<R, F>>> {
    return (await this.loading()).keys;
  }

  /**
   * Sets a key's fields and changes its records (removed where undefined): appends the records
   * given and the fields that changed since the last read or write of the key. A field holding the
   * very value read or written keeps its text.
   */
  write(key: string, fields: F, changes: Iterable<readonly [string, R | undefined]>): Promise<void> {
    return this.queue(async (loaded) => {
      const previous = loaded.entries.get(key);
      const entry: Entry<R> = previous ?? { texts: new Map(), values: new Map(), stored: undefined, written: new Map(), lines: new Map(), live: undefined };
      let { records, bytes } = liveOf(entry);
      const appended: (string | Buffer)[] = [];
      for (const [path, record] of changes) {
        const line = recordLine(key, path, record);
        appended.push(line);
        const before = lineLength(entry, path);
        const length = record === undefined ? 0 : Buffer.byteLength(line) + 1;
        records += Number(length > 0) - Number(before > 0);
        bytes += length - before;
        entry.lines.set(path, length);
        entry.written.set(path, record);
      }
      const { texts, values } = this.fieldTexts(fields, previous);
      const patch = fieldsPatch(previous?.texts, texts);
      const live = { records, bytes };
      loaded.entries.set(key, { ...entry, texts, values, live });
      if (appended.length === 0 && patch === undefined) return;
      appended.push(fieldsLine(key, patch ?? { set: [], unset: [] }, live));
      await this.append(loaded, appended);
    });
  }

  delete(key: string): Promise<void> {
    return this.queue(async (loaded) => {
      if (!loaded.entries.delete(key)) return;
      await this.append(loaded, [JSON.stringify({ key, deleted: true })]);
    });
  }

  /** Forgets what the file holds (it failed a check): the next write replaces it. */
  discard(): void {
    this.loaded = Promise.resolve({ entries: new Map(), keys: new Map(), size: 0, started: false });
  }

  /**
   * A key's own fields, each as its JSON text, and the values they stand for: a field holding the
   * value `previous` read or wrote keeps its text, not encoded again (the redirects or the page tree
   * of 30,000 pages).
   */
  private fieldTexts(fields: object, previous: Entry<R> | undefined): { texts: Map<string, FieldText>; values: Map<string, unknown> } {
    const texts = new Map<string, FieldText>();
    const values = new Map<string, unknown>();
    // A field set to undefined is absent, as JSON has it.
    for (const [name, value] of Object.entries(fields) as [string, unknown][]) {
      if (value === undefined) continue;
      const kept = typeof value === 'object' && previous?.values.get(name) === value ? previous.texts.get(name) : undefined;
      texts.set(name, kept ?? this.format.encodeField?.(name, value) ?? JSON.stringify(value));
      values.set(name, value);
    }
    return { texts, values };
  }

  private queue(step: (loaded: Loaded<R, F>) => Promise<void>): Promise<void> {
    const next = this.writing.catch(() => undefined).then(async () => step(await this.loading()));
    this.writing = next;
    return next;
  }

  /** Appends the lines, or writes the log anew when the dead lines would outweigh the live ones: decided before any text is built. */
  private async append(loaded: Loaded<R, F>, lines: readonly (string | Buffer)[]): Promise<void> {
    for (const line of lines) loaded.size += typeof line === 'string' ? Buffer.byteLength(line) + 1 : line.length;
    const live = liveSize(loaded.entries);
    if (!loaded.started || loaded.size - live > live) {
      loaded.size = (await this.rewrite(loaded.entries)).size;
      loaded.started = true;
      return;
    }
    // In pieces: a write cut short between them leaves records no fields line commits, cut when read.
    const file = await open(this.path, 'a');
    try {
      await writeLines(file, lines);
    } finally {
      await file.close();
    }
  }

  /**
   * The whole file anew, with its live lines only, written in pieces to a temp file renamed over the
   * log (a crash leaves the log as it was); its size after the header, and its keys' fields' texts as
   * written. A record or field read and not written since is copied as its bytes, not decoded.
   */
  private async rewrite(entries: Map<string, Entry<R>>): Promise<{ size: number; texts: ReadonlyMap<string, ReadonlyMap<string, Buffer>> }> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    const file = await open(temp, 'w');
    try {
      await writeLines(file, this.liveLines(entries));
    } finally {
      await file.close();
    }
    // Read back for the index: the file's bytes held once, not its lines, their text and its bytes.
    const bytes = await readWholeFile(temp);
    await rename(temp, this.path);
    // Indexed anew in the bytes written: what was written since the last read is no longer held twice, nor the bytes read.
    const { indexed } = this.index(bytes);
    for (const [key, { texts, records }] of indexed) {
      const entry = entries.get(key);
      if (entry !== undefined) entries.set(key, { ...entry, texts, stored: records, written: new Map(), lines: new Map(), live: undefined });
    }
    return { size: bytes.length - this.headerLine.length, texts: new Map([...indexed].map(([key, { texts }]) => [key, texts])) };
  }

  /** The header, then each key's live records and its fields line (a stored line as its bytes, newline included). */
  private *liveLines(entries: ReadonlyMap<string, Entry<R>>): Generator<string | Buffer> {
    yield this.format.header;
    for (const [key, entry] of entries) {
      const live = { records: 0, bytes: 0 };
      for (const path of entry.stored?.keys() ?? []) {
        const line = entry.written.has(path) ? undefined : entry.stored?.line(path);
        if (line === undefined) continue;
        yield line;
        live.records++;
        live.bytes += line.length;
      }
      for (const [path, record] of entry.written) {
        if (record === undefined) continue;
        const line = recordLine(key, path, record);
        yield line;
        live.records++;
        live.bytes += Buffer.byteLength(line) + 1;
      }
      yield fieldsLine(key, { set: [...entry.texts], unset: [] }, live);
    }
  }

  private loading(): Promise<Loaded<R, F>> {
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

  private async read(): Promise<Loaded<R, F>> {
    const empty = (started: boolean): Loaded<R, F> => ({ entries: new Map(), keys: new Map(), size: 0, started });
    let bytes: Buffer;
    try {
      bytes = await readWholeFile(this.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') throw this.format.damaged(`${this.format.name} is a folder`, undefined, error);
      if (code === 'ENOTDIR') throw this.format.damaged(`${this.format.name}'s folder is a file`, undefined, error);
      if (code !== 'ENOENT') throw error;
      return empty(false);
    }
    // Indexed as bytes: decoding 30,000 records' text to find their lines cost more than the rest of the read.
    if (bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d)) return empty(false);
    if (!bytes.subarray(0, this.headerLine.length).equals(this.headerLine)) return this.converted(bytes);
    const { indexed, committed } = this.index(bytes);
    const loaded = empty(true);
    const keys = loaded.keys as Map<string, LoggedKey<R, F>>;
    for (const [key, { texts, records }] of indexed) {
      const fields = this.format.decodeFields(key, texts);
      loaded.entries.set(key, { texts, values: new Map(Object.entries(fields)), stored: records, written: new Map(), lines: new Map(), live: undefined });
      keys.set(key, { fields, records });
    }
    // Whatever follows the last committed line is a write cut short: cut it, so the next append follows a whole line.
    if (committed < bytes.length) await truncate(this.path, committed);
    loaded.size = committed - this.headerLine.length;
    return loaded;
  }

  /** A file in another format, converted and written again as a log; or nothing, replaced by the first write. */
  private async converted(bytes: Buffer): Promise<Loaded<R, F>> {
    const converted = this.format.convert?.(bytes);
    const loaded: Loaded<R, F> = { entries: new Map(), keys: new Map(), size: 0, started: false };
    if (converted === undefined) return loaded;
    for (const [key, { fields, records }] of converted) {
      const written = new Map<string, R | undefined>(records);
      const { texts, values } = this.fieldTexts(fields, undefined);
      loaded.entries.set(key, { texts, values, stored: undefined, written, lines: new Map(), live: undefined });
    }
    const rewritten = await this.rewrite(loaded.entries);
    loaded.size = rewritten.size;
    loaded.started = true;
    const keys = loaded.keys as Map<string, LoggedKey<R, F>>;
    for (const [key, texts] of rewritten.texts) {
      const entry = loaded.entries.get(key);
      if (entry?.stored === undefined) continue;
      const fields = this.format.decodeFields(key, texts);
      loaded.entries.set(key, { ...entry, values: new Map(Object.entries(fields)) });
      keys.set(key, { fields, records: entry.stored });
    }
    return loaded;
  }

  /**
   * The keys of a log, and where its last committed line ends. Only the fields lines are read: each
   * record line is known by its start (`{"key":…,"path":"`) and left where it lies, for its key's
   * records to find when looked up (see stored-records.ts).
   */
  private index(bytes: Buffer): { indexed: Map<string, { texts: Map<string, Buffer>; records: StoredRecords<R> }>; committed: number } {
    const keys = new Map<string, { from: number; texts: Map<string, Buffer>; live: LiveRecords | undefined }>();
    const deleted = new Map<string, number>(); // by key, where the lines after its last deletion start
    // Record lines not yet committed, as runs of lines of one key (a write appends its key's records together).
    const pending: { key: string; from: number; to: number }[] = [];
    let start = this.headerLine.length;
    let committed = start;
    for (let number = 2; start < bytes.length; number++) {
      const end = bytes.indexOf(0x0a, start);
      if (end < 0) break; // a line cut short
      const recordKey = recordKeyAt(bytes, start, end);
      if (recordKey !== undefined) {
        const run = pending.at(-1);
        if (run?.key === recordKey && run.to === start) run.to = end + 1;
        else pending.push({ key: recordKey, from: start, to: end + 1 });
        start = end + 1;
        continue;
      }
      const line = fieldsLineAt(bytes, start, end) ?? parseLine(bytes.toString('utf8', start, end));
      if (line === undefined) throw this.format.damaged(`line ${number} is not a line of ${this.format.name}`, number);
      start = end + 1;
      committed = start;
      for (let run = pending.length - 1; run >= 0; run--) if (pending[run]?.key === line.key) pending.splice(run, 1);
      if ('deleted' in line) {
        keys.delete(line.key);
        deleted.set(line.key, start);
        continue;
      }
      const key = keys.get(line.key) ?? { from: deleted.get(line.key) ?? this.headerLine.length, texts: new Map<string, Buffer>(), live: undefined };
      for (const [name, value] of line.set) key.texts.set(name, value);
      for (const name of line.unset) key.texts.delete(name);
      key.live = line.live;
      keys.set(line.key, key);
    }
    const uncommitted = pending.filter((run) => run.from < committed).map(({ from, to }): [number, number] => [from, to]);
    const indexed = new Map<string, { texts: Map<string, Buffer>; records: StoredRecords<R> }>();
    for (const [key, { from, texts, live }] of keys) {
      const records = new StoredRecords<R>(
        bytes,
        key,
        { from, to: committed, uncommitted, live },
        (path, text) => this.format.decodeRecord(key, path, text),
        (problem) => this.format.damaged(problem),
      );
      indexed.set(key, { texts, records });
    }
    return { indexed, committed };
  }
}

/** What a compacted log holds after its header: each key's records and its fields, in bytes. */
function liveSize<R>(entries: ReadonlyMap<string, Entry<R>>): number {
  let size = 0;
  for (const [key, entry] of entries) {
    const live = liveOf(entry);
    size += live.bytes + fieldsLine(key, { set: [], unset: [] }, live).length;
    for (const [name, text] of entry.texts) size += Buffer.byteLength(name) + Buffer.byteLength(text) + 4; // quotes, colon, comma
  }
  return size;
}

/** A key's live records, as last written or as the stored records count them (their lines indexed when the log does not say). */
function liveOf<R>(entry: Entry<R>): LiveRecords {
  return entry.live ?? { records: entry.stored?.size ?? 0, bytes: entry.stored?.liveBytes ?? 0 };
}

/** The length of a path's live line in the log (0: none), as last read or written. */
function lineLength<R>(entry: Entry<R>, path: string): number {
  return entry.lines.get(path) ?? entry.stored?.lineLength(path) ?? 0;
}

function recordLine(key: string, path: string, record: unknown): string {
  return JSON.stringify(record === undefined ? { key, path } : { key, path, record });
}

/** Bytes a write gathers before handing them to the file: the lines are never joined whole. */
const PIECE = 1 << 20;

/** The lines written in pieces of about {@link PIECE} bytes: a text gets its newline, bytes hold theirs. */
async function writeLines(file: FileHandle, lines: Iterable<string | Buffer>): Promise<void> {
  let piece: Buffer[] = [];
  let size = 0;
  for (const line of lines) {
    const bytes = typeof line === 'string' ? Buffer.from(`${line}\n`) : line;
    if (bytes.length >= PIECE) {
      // A line of a piece or more (the fields line of a page tree) is written as it is, not copied into one.
      if (size > 0) await file.writeFile(Buffer.concat(piece, size));
      await file.writeFile(bytes);
      piece = [];
      size = 0;
      continue;
    }
    piece.push(bytes);
    size += bytes.length;
    if (size < PIECE) continue;
    await file.writeFile(Buffer.concat(piece, size));
    piece = [];
    size = 0;
  }
  if (size > 0) await file.writeFile(Buffer.concat(piece, size));
}
