import { createHash } from 'node:crypto';
import { readRegularFile } from '../config/read-regular-file.js';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import * as z from 'zod';
import { readPackageVersion } from '../config/package-version.js';
import type { ReadScope } from '../config/read-scope.js';
import type { LoadedSpec } from './load-spec.js';
import { sourcesUnchanged, specText } from './spec-fingerprint.js';
import { specHash } from './spec-hash.js';

/**
 * A verdict holds only for the validator that gave it: a new swagger-parser may judge differently,
 * and so may a new docsync, whose OpenAPI 3.0 schema check is generated into the release.
 */
const VALIDATOR = `docsync-spec-verdict/2 docsync@${readPackageVersion()} swagger-parser@${validatorVersion()}`;

/** Entries kept; the oldest go first. A bundled spec's entry holds its bundle, so they are bounded. */
const MAX_ENTRIES = 64;

const EntrySchema = z.object({
  validator: z.string(),
  sources: z.object({ files: z.array(z.string()).min(1), hash: z.string() }),
  format: z.enum(['yaml', 'json']),
  version: z.string(),
  hash: z.string(),
  /** The bundle, for a spec that spans several files; a single file is sent as it is read. */
  bundle: z.string().optional(),
});

function validatorVersion(): string {
  const manifest: unknown = createRequire(import.meta.url)('@apidevtools/swagger-parser/package.json');
  return z.object({ version: z.string() }).parse(manifest).version;
}

/**
 * Specs found valid before, by the fingerprint of their files' content: a spec whose files are
 * byte for byte those of a valid one is not parsed or validated again (a forced publish, a re-run
 * of CI with its cache restored, the daemon after an edit was undone). One JSON file per entry,
 * named by the hash of the root file's text and holding the fingerprint of every file the spec
 * spans, which a hit must match. Only valid verdicts are kept: an invalid spec is validated again,
 * so its error is always current.
 */
export class SpecVerdictCache {
  constructor(private readonly dir: string) {}

  /** The spec as validated earlier, when its root and every file it spans are unchanged. */
  async find(file: string, scope: ReadScope): Promise<LoadedSpec | undefined> {
    const root = resolve(file);
    let text: string;
    try {
      text = specText(await readRegularFile(root));
    } catch {
      return undefined; // the full load reports it
    }
    const entry = await this.#read(this.#path(text));
    if (entry?.validator !== VALIDATOR || !(await sourcesUnchanged(root, entry.sources, scope))) return undefined;
    const sent = entry.bundle ?? text;
    if (specHash(sent) !== entry.hash) return undefined;
    return {
      file: root,
      format: entry.format,
      text: sent,
      hash: entry.hash,
      referencedFiles: entry.sources.files.map((name) => resolve(dirname(root), name)),
      bundled: entry.bundle !== undefined,
      version: entry.version,
      sources: entry.sources,
    };
  }

  /** Keeps the verdict of a spec just found valid. A failure to write only costs a later validation. */
  async remember(spec: LoadedSpec): Promise<void> {
    const entry: z.infer<typeof EntrySchema> = {
      validator: VALIDATOR,
      sources: spec.sources,
      format: spec.format,
      version: spec.version,
      hash: spec.hash,
      ...(spec.bundled ? { bundle: spec.text } : {}),
    };
    try {
      // A root edited since it was validated gives an entry that its fingerprint never matches.
      const path = this.#path(spec.bundled ? specText(await readFile(spec.file, 'utf8')) : spec.text);
      await mkdir(this.dir, { recursive: true });
      const temporary = `${path}.${String(process.pid)}.tmp`;
      await writeFile(temporary, JSON.stringify(entry));
      await rename(temporary, path);
      await this.#prune();
    } catch {
      // Deliberately ignored: see above.
    }
  }

  #path(rootText: string): string {
    return join(this.dir, `${createHash('sha256').update(rootText, 'utf8').digest('hex')}.json`);
  }

  async #read(path: string): Promise<z.infer<typeof EntrySchema> | undefined> {
    try {
      const parsed = EntrySchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  async #prune(): Promise<void> {
    const names = (await readdir(this.dir)).filter((name) => name.endsWith('.json'));
    if (names.length <= MAX_ENTRIES) return;
    const aged = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(join(this.dir, name))).mtimeMs })));
    aged.sort((a, b) => a.mtime - b.mtime);
    await Promise.all(aged.slice(0, aged.length - MAX_ENTRIES).map(({ name }) => rm(join(this.dir, name), { force: true })));
  }
}
