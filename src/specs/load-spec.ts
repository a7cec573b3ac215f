import { dirname, resolve } from 'node:path';
import type SwaggerParser from '@apidevtools/swagger-parser';
import { stringify } from 'yaml';
import { ReadScope } from '../config/read-scope.js';
import { SpecValidationError } from './errors/spec-validation-error.js';
import { findRefCycle, type RefCycle } from './find-ref-cycle.js';
import { locatePointer } from './locate-pointer.js';
import { fingerprintTexts, type SpecSources } from './spec-fingerprint.js';
import { specHash } from './spec-hash.js';
import { SpecSourceCache, type SpecFormat } from './spec-source-cache.js';
import { toSpecValidationError } from './to-spec-validation-error.js';

/** A local spec, validated and ready to send as `{text}`. */
export interface LoadedSpec {
  /** Absolute path of the root file. */
  readonly file: string;
  /** Format of the root file, and so of {@link text}. */
  readonly format: SpecFormat;
  /** What is published: the file itself when it stands alone, else all files bundled into one. */
  readonly text: string;
  /** sha256 of {@link text}: decides whether a publish is needed. */
  readonly hash: string;
  /** Absolute paths of the root and every local file it references (what the daemon watches). */
  readonly referencedFiles: string[];
  /** Whether {@link text} was bundled from several files. */
  readonly bundled: boolean;
  /** The document's `openapi` (or `swagger`) version. */
  readonly version: string;
  /** The files read and their fingerprint, so an unchanged spec can later be skipped unread by the validator. */
  readonly sources: SpecSources;
}

/** Reads and validates a local spec: {@link loadSpec}, or the same behind a cache or in a worker thread. */
export type SpecLoader = (file: string, scope?: ReadScope) => Promise<LoadedSpec>;

/**
 * Reads, validates (with swagger-parser's `validate`) and bundles a local OpenAPI (3.0, 3.1) or Swagger 2.0 file.
 * Local `$ref`s to other files are bundled into one document (YAML if the root is YAML, else
 * JSON); remote ones are refused, since the platform would see a document it cannot complete.
 * Every local file must lie (after symlinks) inside `scope`, by default the repository holding the
 * spec (or its folder outside any repository).
 * @throws {SpecValidationError} naming the file and line (or JSON pointer) of the first problem.
 */
export async function loadSpec(file: string, scope?: ReadScope): Promise<LoadedSpec> {
  const root = resolve(file);
  const cache = new SpecSourceCache(scope ?? ReadScope.of(dirname(root)));
  const options = cache.parserOptions();
  let version: unknown;
  let bundle: unknown;
  let cycle: RefCycle | undefined;
  // Loaded on first use: a run whose specs are all unchanged never validates, and starts faster without it.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    // Every file is read once, through the cache. The root is parsed once and handed to `validate`,
    // which dereferences it in place: a cycle of bare `$ref`s is looked for before that (and
    // reported only after validation, and only for a single file).
    const parser = new SwaggerParser();
    const document = await parser.parse(root, options);
    const ownCycle = findRefCycle(document);
    const version3 = openApiVersion(document);
    let validated: Record<string, unknown>;
    if (version3?.startsWith('3.0') === true) {
      validated = (await parser.validate(root, document, { ...leavingCycles(options), validate: { schema: false, spec: false } })) as unknown as Record<
        string,
        unknown
      >;
      await checkOpenApi30Schema(validated);
    } else validated = (await parser.validate(root, document, version3 === undefined ? options : leavingCycles(options))) as unknown as Record<string, unknown>;
    version = validated.openapi ?? validated.swagger;
    // Only a spec that spans several files is bundled (from the cached texts).
    if (cache.files.length > 1) bundle = await new SwaggerParser().bundle(root, options);
    // swagger-parser accepts a cycle of bare `$ref`s; look for one only when it saw a cycle at all.
    if (parser.$refs.circular) cycle = bundle === undefined ? ownCycle : findRefCycle(bundle);
  } catch (error) {
    throw toSpecValidationError(error, cache, root);
  }
  if (cycle) {
    const at = locatePointer(cache, root, cycle.pointer);
    throw new SpecValidationError(
      `$ref cycle with no schema in it (${cycle.chain.join(' → ')}): point one of these at a concrete object`,
      at.file,
      at.line,
      cycle.pointer,
    );
  }
  const files = cache.files;
  const format = cache.format(root) ?? 'yaml';
  const original = cache.text(root);
  if (original === undefined) throw new SpecValidationError('the spec file was not read', root);
  // A file that stands alone is sent as written (comments and order kept); a bundle is serialized.
  const text = bundle === undefined ? original : serialize(bundle, format);
  return {
    file: root,
    format,
    text,
    hash: specHash(text),
    referencedFiles: [root, ...files.filter((f) => f !== root)],
    bundled: bundle !== undefined,
    version: typeof version === 'string' ? version : 'unknown',
    sources: fingerprintTexts(
      root,
      [root, ...files.filter((f) => f !== root)].map((f) => [f, cache.text(f) ?? ''] as const),
    ),
  };
}

/**
 * swagger-parser checks an OpenAPI 3 document against its schema only (its further checks are for
 * Swagger 2.0), on a dereference that leaves cycles as `$ref`s; by default it then dereferences a
 * cyclic document again, to resolve the cycles in the object it returns, which docsync does not use
 * (on GitBook's document, that second pass costs more than the schema check).
 */
function leavingCycles(options: SwaggerParser.Options): SwaggerParser.Options {
  return { ...options, dereference: { ...options.dereference, circular: 'ignore' } };
}

/** The `openapi` version of an OpenAPI 3 document; undefined for anything else (Swagger 2.0). */
function openApiVersion(document: unknown): string | undefined {
  if (typeof document !== 'object' || document === null || !('openapi' in document) || typeof document.openapi !== 'string') return undefined;
  return document.openapi.startsWith('3.') ? document.openapi : undefined;
}

/**
 * swagger-parser's schema check of an OpenAPI 3.0 document, with the same Ajv code, generated ahead
 * of time (scripts/openapi-schema-validator-source.ts) instead of compiled by every process; it
 * fails the way swagger-parser does, with Ajv's errors as `details`.
 */
async function checkOpenApi30Schema(api: unknown): Promise<void> {
  const { default: validate } = await import('./generated/openapi-3.0-schema.cjs');
  if (validate(api)) return;
  const errors = validate.errors ?? [];
  const lines = errors.map((e) => `  #${e.instancePath.length > 0 ? e.instancePath : '/'} ${e.message ?? ''}\n`).join('');
  throw Object.assign(new SyntaxError(`Swagger schema validation failed.\n${lines}`), { details: errors });
}

function serialize(document: unknown, format: SpecFormat): string {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  // No folding of long lines and no anchors: the platform gets plain, predictable YAML.
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false });
}
