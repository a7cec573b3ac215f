import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { type FileHandle, open, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import * as z from 'zod';
import { KeptReadDamagedError } from '../errors/kept-read-damaged-error.js';
import type { PageGroup, SnapshotFile } from '../gitbook/docs-snapshot.js';
import { fieldAt } from '../../state/log-line.js';
import { RecordLog } from '../../state/record-log.js';
import type { StoredRecords } from '../../state/stored-records.js';
import { type KeptRead, keptReadOf, PageTree, type SnapshotHead } from './kept-read.js';
import { type ReadRecord, ReadRecordSchema, sameReadRecord } from './read-record.js';
import { ReadRecords } from './read-records.js';

/**
 * The first line of a kept read's file. A file of another format is no kept read: a kept read before
 * records, one of version 1 (its page tree a field held as text), or of version 2 (its page tree in a
 * file of its own beside it, `<target>.read.<sha1>.tree`, removed when the read is written anew).
 */
const HEADER = JSON.stringify({ docsync: 'read', version: 3 });
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

/** The read's own fields beside its records but the page tree, which is checked by its sha1 (`treeHash`) when first used. */
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

/**
 * A target's kept read in `.docsync/cache/<target>.read`: a record log (see record-log.ts, the same
 * format as the state's) under its own header, one key whose records are the listed files by path
 * and whose fields hold the rest. The page tree's field is left as its bytes in the file's, cut out by
 * its length, and decoded when first used: a one-page edit that does not use it neither decodes it
 * nor writes it again. A one-page edit appends the records and fields it changed. A line, record or
 * tree that fails its check, when loaded or when first used, makes it no kept read: it only ever saves
 * time, and is then written anew.
 */
export class ReadLog {
  private readonly log: RecordLog<ReadRecord, ReadFields>;
  /** The page tree being saved and its JSON text, made to hash it: the log writes that text. */
  private saving: { readonly tree: PageTree; readonly text: string } | undefined;
  /** Whether the file was of an older format: its leftovers are removed once it is written anew. */
  private older = false;
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
      encodeField: (name, value) => this.encodeField(name, value),
      // Of another format: no kept read, replaced by the first save.
      convert: () => {
        this.older = true;
        return undefined;
      },
    });
  }

  /** The read kept (under whatever key); undefined when there is none, or its file failed its check. */
  async load(): Promise<KeptRead | undefined> {
    try {
      const logged = (await this.log.load()).get(KEY);
      if (logged === undefined) return undefined;
      this.loaded = logged.records;
      const { fields } = logged;
      const { tree } = fields;
      // The hash stays the one read: a tree saved back untouched is not made into text again to hash it.
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
    let treeHash = treeHashes.get(tree);
    if (treeHash === undefined) {
      const text = JSON.stringify(tree);
      treeHash = sha1(text);
      treeHashes.set(tree, treeHash);
      this.saving = { tree, text };
    }
    const fields: ReadFields = {
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
      tree,
    };
    try {
      await this.log.write(KEY, fields, changes);
    } finally {
      this.saving = undefined;
    }
    if (this.older) await this.removeTreeFiles();
    this.older = false;
  }

  /** The text of the page tree being saved, made to hash it. */
  private encodeField(name: string, value: unknown): string | undefined {
    const { saving } = this;
    return name === 'tree' && saving !== undefined && value === saving.tree ? saving.text : undefined;
  }

  /** The page trees' files a kept read of version 2 kept beside it (`<target>.read.<sha1>.tree`). */
  private async removeTreeFiles(): Promise<void> {
    const name = basename(this.file);
    const files = await readdir(dirname(this.file)).catch(() => []);
    const trees = files.filter((file) => file.startsWith(`${name}.`) && /^[0-9a-f]{40}\.tree$/.test(file.slice(name.length + 1)));
    await Promise.all(trees.map((file) => rm(join(dirname(this.file), file), { force: true })));
  }

  /** The page tree from its text, checked by its hash: the tree a 30,000-page read uses whole is not checked node by node. */
  private decodeTree(text: Buffer, hash: string): readonly PageGroup[] {
    if (sha1(text) !== hash) throw this.damaged('its page tree is not the one written');
    try {
      return JSON.parse(text.toString()) as readonly PageGroup[];
    } catch (error) {
      throw this.damaged('its page tree is not valid JSON', error);
    }
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

  /** The read's fields, each parsed and checked but the page tree, left as its bytes until first used. */
  private decodeFields(key: string, texts: ReadonlyMap<string, Buffer>): ReadFields {
    const damaged = (problem: string, cause?: unknown): KeptReadDamagedError => new KeptReadDamagedError(this.file, problem, cause);
    if (key !== KEY) throw damaged(`it holds the key ${key}`);
    const json: Record<string, unknown> = {};
    for (const [name, text] of texts) {
      if (name === 'tree') continue;
      try {
        json[name] = JSON.parse(text.toString()) as unknown;
      } catch (error) {
        throw damaged(`the field ${name} is not valid JSON`, error);
      }
    }
    const fields = FieldsSchema.safeParse(json);
    if (!fields.success) throw damaged(`its fields are not in the expected shape`, fields.error);
    const text = texts.get('tree');
    if (text === undefined) throw damaged('it holds no page tree');
    const { treeHash, layoutKey } = fields.data;
    const { readme, summary, summaryStructure, ...head } = fields.data.head;
    return { ...fields.data, head: { ...head, readme, summary, summaryStructure }, tree: PageTree.stored(() => this.decodeTree(text, treeHash), layoutKey) };
  }
}

/** The sha1 of each page tree's JSON text (as the log holds it), by the tree: saved again, its text is not made again to hash it. */
const treeHashes = new WeakMap<PageTree, string>();

function sha1(text: string | Buffer): string {
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

/** Bytes read at a time from the end of a kept read for its last line. */
const TAIL_BYTES = 65_536;

/**
 * The commit of the read kept in `file`, from its last line alone (one small read after a one-page
 * edit of a git source, which writes the commit there; after a whole read, that line holds every
 * field, the page tree's too, and only its start is read): git can be asked what changed since while
 * the rest loads. Unchecked: only the loaded read says it holds. Undefined when the last line does not
 * name it.
 */
export async function keptReadCommit(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(HEADER_LINE.length);
      await handle.read(head, 0, head.length, 0);
      if (!head.equals(HEADER_LINE)) return undefined;
      const start = await lastLineStart(handle, size);
      if (start === undefined) return undefined;
      const length = Math.min(size - start, TAIL_BYTES);
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, start);
      const field = fieldAt(buffer, 0, bytesRead, 'commit');
      const commit = field?.key === KEY ? (JSON.parse(field.text.toString()) as unknown) : undefined;
      return typeof commit === 'string' ? commit : undefined;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/** Where the file's last line starts, searched for back from its end a piece at a time; undefined when the file does not end with a newline. */
async function lastLineStart(handle: FileHandle, size: number): Promise<number | undefined> {
  const piece = Buffer.alloc(Math.min(size, TAIL_BYTES));
  for (let to = size; to > 0;) {
    const from = Math.max(0, to - piece.length);
    const { bytesRead } = await handle.read(piece, 0, to - from, from);
    if (bytesRead !== to - from || (to === size && piece[bytesRead - 1] !== 0x0a)) return undefined;
    // Before the last line's own newline, the one ending the line before.
    const last = to === size ? bytesRead - 2 : bytesRead - 1;
    const newline = last < 0 ? -1 : piece.lastIndexOf(0x0a, last);
    if (newline >= 0) return from + newline + 1;
    to = from;
  }
  return undefined;
}
