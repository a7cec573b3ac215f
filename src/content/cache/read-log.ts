import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { KeptReadDamagedError } from '../errors/kept-read-damaged-error.js';
import type { PageGroup, SnapshotFile } from '../gitbook/docs-snapshot.js';
import { fieldsLineAt } from '../../state/log-line.js';
import { RecordLog } from '../../state/record-log.js';
import type { StoredRecords } from '../../state/stored-records.js';
import { type KeptRead, keptReadOf, PageTree, type SnapshotHead } from './kept-read.js';
import { type ReadRecord, ReadRecordSchema, sameReadRecord } from './read-record.js';
import { ReadRecords } from './read-records.js';

/**
 * The first line of a kept read's file. A file of another format is no kept read: a kept read before
 * records, or one holding its page tree (version 1).
 */
const HEADER = JSON.stringify({ docsync: 'read', version: 2 });
const HEADER_LINE = Buffer.from(`${HEADER}\n`);
/** The one key of the log: a target's file holds its one read. */
const KEY = 'read';

const HeadSchema = z.object({
  source: z.string(),
  root: z.string(),
  config: z.object({
    root: z.string(),
    structure: z.object({ readme: z.string(), summary: z.string() }),
    redirects: z.record(z.string(), z.string()),
  }),
  readme: z.string().optional(),
  summary: z.string().optional(),
  summaryStructure: z
    .object({
      groups: z.array(z.string()),
      linkEntries: z.array(z.object({ title: z.string(), target: z.string(), line: z.number() })),
      unlinkedItems: z.array(z.object({ title: z.string(), line: z.number() })),
    })
    .optional(),
  warnings: z.array(z.string()),
  contentHash: z.string(),
  stats: z.object({ listed: z.number(), read: z.number(), bytesRead: z.number(), cached: z.number() }),
});

/** A file docsync wrote, as kept: its bytes as base64. */
const GeneratedSchema = z.array(z.object({ path: z.string(), size: z.number(), oid: z.string(), base64: z.string() }));

/** The read's own fields beside its records; the page tree is in a file of its own, named and checked by its sha1. */
const FieldsSchema = z.object({
  key: z.string(),
  commit: z.string().optional(),
  untrusted: z.array(z.string()),
  status: z.object({ head: z.string().optional(), paths: z.array(z.string()) }).optional(),
  head: HeadSchema,
  generated: GeneratedSchema,
  pageCount: z.number().int().nonnegative(),
  fileCount: z.number().int().nonnegative(),
  treeHash: z.string(),
  layoutKey: z.string(),
});
type ReadFields = Omit<z.infer<typeof FieldsSchema>, 'head'> & { readonly head: SnapshotHead; readonly tree: PageTree };
/** The fields as the log holds them: the page tree is apart. */
type LoggedFields = Omit<ReadFields, 'tree'>;

/**
 * A target's kept read in `.docsync/cache/<target>.read`: a record log (see record-log.ts, the same
 * format as the state's) under its own header, one key whose records are the listed files by path
 * and whose fields hold the rest but the page tree, which is in `<target>.read.<sha1>.tree` (its JSON
 * text, read only when used: a one-page edit does not). A one-page edit appends the records and fields
 * it changed. A line or tree that fails its check, when loaded or when first used, makes it no kept
 * read: it only ever saves time, and is then written anew.
 */
export class ReadLog {
  private readonly log: RecordLog<ReadRecord, LoggedFields>;
  /** The sha1 of the page tree whose file the log names, once loaded or saved: a save with the same tree writes none. */
  private treeHash: string | undefined;
  /** The records loaded, under the read's key: a read made from them saves what it changed of them. */
  private loaded: StoredRecords<ReadRecord> | undefined;
  /** The generated files of a loaded read, and the field they were decoded from: saved unchanged, it is not encoded again. */
  private readonly generatedFields = new WeakMap<readonly SnapshotFile[], ReadFields['generated']>();

  constructor(readonly file: string) {
    this.log = new RecordLog(file, {
      header: HEADER,
      name: 'the kept read',
      decodeRecord: (_key, path, text) => this.decodeRecord(path, text),
      decodeFields: (key, texts) => this.decodeFields(key, texts),
      damaged: (problem, _line, cause) => this.damaged(problem, cause),
      // Of another format: no kept read, replaced by the first save.
      convert: () => undefined,
    });
  }

  /** The read kept (under whatever key); undefined when there is none, or its file failed its check. */
  async load(): Promise<KeptRead | undefined> {
    try {
      const logged = (await this.log.load()).get(KEY);
      if (logged === undefined) return undefined;
      this.loaded = logged.records;
      const { fields } = logged;
      this.treeHash = fields.treeHash;
      const tree = PageTree.stored(() => this.readTree(fields.treeHash), fields.layoutKey);
      // The hash stays the file's: a tree saved back untouched is not made into text again to hash it.
      treeHashes.set(tree, fields.treeHash);
      const generated = fields.generated.map(({ path, size, oid, base64 }): SnapshotFile => ({ path, size, oid, bytes: Buffer.from(base64, 'base64') }));
      this.generatedFields.set(generated, fields.generated);
      return keptReadOf({
        key: fields.key,
        commit: fields.commit,
        records: ReadRecords.stored(logged.records),
        untrusted: fields.untrusted,
        status: fields.status === undefined ? undefined : { head: fields.status.head, paths: fields.status.paths },
        head: fields.head,
        generated,
        pageCount: fields.pageCount,
        fileCount: fields.fileCount,
        tree,
      });
    } catch {
      this.discard();
      return undefined;
    }
  }

  /** Forgets the read loaded (it failed a check when used): the next save writes the file anew. */
  discard(): void {
    this.loaded = undefined;
    this.treeHash = undefined;
    this.log.discard();
  }

  /** Writes `read`: the records it changed of the read loaded (every record when it was read whole) and its fields that changed. */
  async save(read: KeptRead): Promise<void> {
    let changes: Iterable<readonly [string, ReadRecord | undefined]>;
    try {
      changes = (this.loaded && read.records.changesOver(this.loaded)) ?? changedRecords(this.loaded, read.records);
    } catch (error) {
      if (!(error instanceof KeptReadDamagedError)) throw error;
      this.discard();
      changes = read.records;
    }
    const { tree } = read;
    const known = treeHashes.get(tree);
    const text = known === undefined ? JSON.stringify(tree) : undefined;
    const treeHash = known ?? sha1(text ?? '');
    treeHashes.set(tree, treeHash);
    const previous = this.treeHash;
    // The tree's file first: the log never names a tree not written whole.
    if (treeHash !== previous) await this.writeTree(text ?? JSON.stringify(tree), treeHash);
    const fields: LoggedFields = {
      key: read.key,
      commit: read.commit,
      untrusted: [...read.untrusted],
      status: read.status === undefined ? undefined : { head: read.status.head, paths: [...read.status.paths] },
      head: read.head,
      generated:
        this.generatedFields.get(read.generated) ??
        read.generated.map(({ path, size, oid, bytes }) => ({ path, size, oid, base64: Buffer.from(bytes ?? []).toString('base64') })),
      pageCount: read.pageCount,
      fileCount: read.fileCount,
      treeHash,
      layoutKey: tree.layoutKey(),
    };
    await this.log.write(KEY, fields, changes);
    this.treeHash = treeHash;
    if (previous !== undefined && previous !== treeHash) await rm(this.treeFile(previous), { force: true });
  }

  private treeFile(hash: string): string {
    return `${this.file}.${hash}.tree`;
  }

  private async writeTree(text: string, hash: string): Promise<void> {
    const temp = `${this.treeFile(hash)}.${process.pid}.tmp`;
    await mkdir(dirname(temp), { recursive: true });
    await writeFile(temp, text);
    await rename(temp, this.treeFile(hash));
  }

  /** The page tree the log names, checked by its hash: the tree a 30,000-page read uses whole is not checked node by node. */
  private readTree(hash: string): readonly PageGroup[] {
    let text: string;
    try {
      text = readFileSync(this.treeFile(hash), 'utf8');
    } catch (error) {
      throw this.damaged('its page tree cannot be read', error);
    }
    if (sha1(text) !== hash) throw this.damaged('its page tree is not the one written');
    return JSON.parse(text) as readonly PageGroup[];
  }

  private decodeRecord(path: string, text: string): ReadRecord {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw this.damaged(`the record of ${path} is not valid JSON`, error);
    }
    const record = ReadRecordSchema.safeParse(json);
    if (!record.success) throw this.damaged(`the record of ${path} is not in the expected shape`, record.error);
    return record.data;
  }

  /**
   * A line or record failed its check (when loaded, or when first used): the file is removed at once
   * (it only saves time), so that a run that could not fall back to a whole read (the snapshot's
   * files asked for mid-sync) fails once, and the next reads whole.
   */
  private damaged(problem: string, cause?: unknown): KeptReadDamagedError {
    rmSync(this.file, { force: true });
    this.discard();
    return new KeptReadDamagedError(this.file, problem, cause);
  }

  private decodeFields(key: string, texts: ReadonlyMap<string, string>): LoggedFields {
    const damaged = (problem: string, cause?: unknown): KeptReadDamagedError => new KeptReadDamagedError(this.file, problem, cause);
    if (key !== KEY) throw damaged(`it holds the key ${key}`);
    const json: Record<string, unknown> = {};
    for (const [name, text] of texts) {
      try {
        json[name] = JSON.parse(text) as unknown;
      } catch (error) {
        throw damaged(`the field ${name} is not valid JSON`, error);
      }
    }
    const fields = FieldsSchema.safeParse(json);
    if (!fields.success) throw damaged(`its fields are not in the expected shape`, fields.error);
    const { readme, summary, summaryStructure, ...head } = fields.data.head;
    return { ...fields.data, head: { ...head, readme, summary, summaryStructure } };
  }
}

/** The sha1 of each page tree's JSON text (as its file holds it), by the tree: saved again, its text is not made again to hash it. */
const treeHashes = new WeakMap<PageTree, string>();

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** The records to write to go from `before` to `after`: those set anew or changed, and the paths removed (undefined). */
function changedRecords(before: StoredRecords<ReadRecord> | undefined, after: ReadRecords): [string, ReadRecord | undefined][] {
  const changes: [string, ReadRecord | undefined][] = [];
  for (const [path, record] of after) {
    const previous = before?.get(path);
    if (previous === undefined || !sameReadRecord(previous, record)) changes.push([path, record]);
  }
  for (const path of before?.keys() ?? []) if (!after.has(path)) changes.push([path, undefined]);
  return changes;
}

/** Bytes read from the end of a kept read for its last line. */
const TAIL_BYTES = 65_536;

/**
 * The commit of the read kept in `file`, from its last line alone (one small read; a one-page edit of
 * a git source writes the commit there): git can be asked what changed since while the rest loads.
 * Unchecked: only the loaded read says it holds. Undefined when the last line does not name it.
 */
export async function keptReadCommit(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(HEADER_LINE.length);
      await handle.read(head, 0, head.length, 0);
      if (!head.equals(HEADER_LINE)) return undefined;
      const length = Math.min(size, TAIL_BYTES);
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, size - length);
      const end = bytesRead - 1;
      if (buffer[end] !== 0x0a) return undefined;
      const line = fieldsLineAt(buffer, buffer.lastIndexOf(0x0a, end - 1) + 1, end);
      const text = line?.key === KEY ? line.set.find(([name]) => name === 'commit')?.[1] : undefined;
      const commit = text === undefined ? undefined : (JSON.parse(text) as unknown);
      return typeof commit === 'string' ? commit : undefined;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}
