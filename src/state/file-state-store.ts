import * as z from 'zod';
import { ConfigError } from '../config/config-error.js';
import { legacyTargetState } from './legacy-target-state.js';
import { PageRecordSchema, recordAt, StoredFieldsSchema, storedFields, storedTarget, type PageRecord, type StoredFields } from './page-record.js';
import { type Converted, RecordLog } from './record-log.js';
import { changedPaths, viewedState } from './record-view.js';
import { lazyRedirectPages } from './redirect-record.js';
import type { StateStore, TargetState } from './state-store.js';

/** The first line of a state file: what the lines after it are. Versions 1 and 2 were one JSON document, converted when read. */
const HEADER = JSON.stringify({ docsync: 'state', version: 3 });

/**
 * State in one record log (see record-log.ts) under the header `{"docsync":"state","version":3}`:
 * per target, one record per page (`{"key","path","record"}`) and its own fields, written after its
 * records and committing them. A write appends only what changed (a one-page edit of 30,000 pages
 * appends a few short lines). Records are decoded when first used, so a run decodes the records it
 * looks up. The state handed out is not changed in place by its users (a new state is set): a field
 * still holding the value read or written is not encoded again. For one process at a time; the
 * daemon uses Redis.
 */
export class FileStateStore implements StateStore {
  private readonly log: RecordLog<PageRecord, StoredFields>;
  /** Each target's state as last read or set: reads that start together (a target's and the delivery's) share the load. */
  private states: Promise<Map<string, TargetState>> | undefined;
  /** Writes, one after the other: each compares with the state the one before set. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {
    this.log = new RecordLog(path, {
      header: HEADER,
      name: 'the state file',
      decodeRecord: (key, path, text) => this.decodeRecord(key, path, text),
      decodeFields: (key, texts) => this.decodeFields(key, texts),
      damaged: (problem, line, cause) => this.damaged(problem, line, cause),
      convert: (bytes) => this.convert(bytes.toString('utf8')),
    });
  }

  async get(key: string): Promise<TargetState | undefined> {
    return (await this.load()).get(key);
  }

  set(key: string, state: TargetState): Promise<void> {
    return this.write(async (states) => {
      const previous = states.get(key);
      states.set(key, state);
      const changes = [...changedPaths(previous, state)].map((path) => [path, recordAt(state, path)] as const);
      await this.log.write(key, storedFields(state), changes);
    });
  }

  delete(key: string): Promise<void> {
    return this.write(async (states) => {
      if (!states.delete(key)) return;
      await this.log.delete(key);
    });
  }

  async list(): Promise<Map<string, TargetState>> {
    return new Map(await this.load());
  }

  private write(step: (states: Map<string, TargetState>) => Promise<void>): Promise<void> {
    const next = this.writing.catch(() => undefined).then(async () => step(await this.load()));
    this.writing = next;
    return next;
  }

  private load(): Promise<Map<string, TargetState>> {
    if (this.states === undefined) {
      const loading = this.log.load().then((keys) => new Map([...keys].map(([key, { fields, records }]) => [key, viewedState(fields, records)])));
      // A failed load is not kept: the next call reads again.
      loading.catch(() => {
        if (this.states === loading) this.states = undefined;
      });
      this.states = loading;
    }
    return this.states;
  }

  /**
   * A target's own fields, each parsed from its text, checked; the redirect pages (a path per page)
   * when first used, and kept as their text by a write that keeps them.
   */
  private decodeFields(key: string, texts: ReadonlyMap<string, Buffer>): StoredFields {
    const fields: Record<string, unknown> = {};
    for (const [name, text] of texts) {
      if (name === 'redirectPages') continue;
      try {
        fields[name] = JSON.parse(text.toString()) as unknown;
      } catch (error) {
        throw this.damaged(`the field ${name} of ${key} is not valid JSON`, undefined, error);
      }
    }
    const parsed = StoredFieldsSchema.safeParse(fields);
    if (!parsed.success) throw this.damaged(`the fields of ${key} are not in the expected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`);
    const pages = texts.get('redirectPages');
    if (pages === undefined) return parsed.data;
    return {
      ...parsed.data,
      redirectPages: lazyRedirectPages(pages, (problem, cause) => this.damaged(`the field redirectPages of ${key} ${problem}`, undefined, cause)),
    };
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

  /** A state file as versions 1 and 2 wrote it (one JSON document), converted to be written again as a log. */
  private convert(text: string): Map<string, Converted<PageRecord, StoredFields>> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw this.damaged(`the state file is not valid JSON (${(error as Error).message})`, undefined, error);
    }
    const document = LegacyFileSchema.safeParse(json);
    if (!document.success)
      throw this.damaged(`the state file is not in the expected shape (${document.error.issues[0]?.message ?? 'invalid'})`, undefined, document.error);
    const targets = new Map<string, Converted<PageRecord, StoredFields>>();
    for (const [key, value] of Object.entries(document.data.targets)) {
      const converted = legacyTargetState(value);
      if ('problem' in converted) throw this.damaged(`the state file is not in the expected shape (${key}: ${converted.problem})`);
      targets.set(key, storedTarget(converted.state));
    }
    return targets;
  }

  private damaged(problem: string, line?: number, cause?: unknown): ConfigError {
    const fix = 'delete it (or restore it) and docsync will find its change requests through the API';
    return new ConfigError(`${problem}; ${fix}`, this.path, line, undefined, cause === undefined ? undefined : { cause });
  }
}

/** A state file of versions 1 and 2: one JSON document, its targets converted one by one. */
const LegacyFileSchema = z.object({ version: z.union([z.literal(1), z.literal(2)]), targets: z.record(z.string(), z.unknown()) });
