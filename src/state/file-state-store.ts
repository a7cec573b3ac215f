import { mkdir, rename, writeFile } from 'node:fs/promises';
import { ConfigError } from '../config/config-error.js';
import { dirname } from 'node:path';
import * as z from 'zod';
import { readWholeFile } from './read-whole-file.js';
import { storedTargetState, TargetStateSchema, type StateStore, type TargetState } from './state-store.js';

// Version 2 keeps the records by page as tables of text; version 1's records of objects still read.
const FileSchema = z.object({ version: z.union([z.literal(1), z.literal(2)]), targets: z.record(z.string(), TargetStateSchema) });

/**
 * State in one JSON file, written atomically (temp file + rename) so a crash mid-write leaves the
 * previous state, never a torn file. For one process at a time; the daemon uses Redis.
 */
export class FileStateStore implements StateStore {
  /** The state as loaded once: reads that start together (a target's and the delivery's) share the load. */
  private loaded: Promise<Map<string, TargetState>> | undefined;

  constructor(readonly path: string) {}

  async get(key: string): Promise<TargetState | undefined> {
    return (await this.load()).get(key);
  }

  async set(key: string, state: TargetState): Promise<void> {
    const all = await this.load();
    all.set(key, state);
    await this.save(all);
  }

  async delete(key: string): Promise<void> {
    const all = await this.load();
    if (all.delete(key)) await this.save(all);
  }

  async list(): Promise<Map<string, TargetState>> {
    return new Map(await this.load());
  }

  private load(): Promise<Map<string, TargetState>> {
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

  private async read(): Promise<Map<string, TargetState>> {
    const fix = 'delete it (or restore it) and docsync will find its change requests through the API';
    let text: string;
    try {
      // Decoded at once: read as utf8, a large file went through a decoder in pieces, several times slower.
      text = (await readWholeFile(this.path)).toString('utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') throw new ConfigError(`the state file is a folder; ${fix}`, this.path, undefined, undefined, { cause: error });
      if (code === 'ENOTDIR') throw new ConfigError(`the state file's folder is a file; ${fix}`, this.path, undefined, undefined, { cause: error });
      if (code !== 'ENOENT') throw error;
      return new Map();
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ConfigError(`the state file is not valid JSON (${(error as Error).message}); ${fix}`, this.path, undefined, undefined, { cause: error });
    }
    const parsed = FileSchema.safeParse(json);
    if (!parsed.success) {
      throw new ConfigError(
        `the state file is not in the expected shape (${parsed.error.issues[0]?.message ?? 'invalid'}); ${fix}`,
        this.path,
        undefined,
        undefined,
        {
          cause: parsed.error,
        },
      );
    }
    return new Map(Object.entries(parsed.data.targets));
  }

  private async save(all: Map<string, TargetState>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    // Not indented, records by page as tables: a target on content batches records every page, and every run reads it whole.
    const targets = Object.fromEntries([...all].map(([key, state]) => [key, storedTargetState(state)]));
    await writeFile(temp, `${JSON.stringify({ version: 2, targets })}\n`);
    await rename(temp, this.path);
  }
}
