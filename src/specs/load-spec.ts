import { dirname, resolve } from 'node:path';
import { stringify } from 'yaml';
import { ReadScope } from '../config/read-scope.js';
import { SpecValidationError } from './errors/spec-validation-error.js';
import { findRefCycle, type RefCycle } from './find-ref-cycle.js';
import { locatePointer } from './locate-pointer.js';
import { fingerprintTexts, type SpecSources } from './spec-fingerprint.js';
import { specHash } from './spec-hash.js';
import { SpecSourceCache, type SpecFormat } from './spec-source-cache.js';
import { loadSwaggerParserSteps } from './swagger-parser-steps.js';
import { toSpecValidationError } from './to-spec-validation-error.js';
import { validateSpecSchema } from './validate-spec-schema.js';

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

/**
 * Reads, validates and bundles a local OpenAPI (3.0, 3.1) or Swagger 2.0 file as swagger-parser does.
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
  const steps = await loadSwaggerParserSteps();
  try {
    // swagger-parser's `validate`, step by step, with its schema check compiled ahead of time (the
    // costly part when Ajv compiles the OpenAPI schema on every run). Reading every file once
    // (through the cache) happens here; only a spec that spans several files is then bundled.
    // The root is parsed once; dereferencing changes it in place, so a cycle of bare `$ref`s in it is
    // looked for first (and reported only after the schema check, and only for a single file).
    const parser = new steps.SwaggerParser();
    const document = await parser.parse(root, options);
    const ownCycle = findRefCycle(document);
    // Circular `$ref`s stay in place for the schema check, which cannot walk a cyclic object.
    const ignoreCircular = steps.options({ ...options, dereference: { circular: 'ignore' } });
    if (steps.hasExternalRef(document)) await parser.dereference(root, document, ignoreCircular);
    else steps.dereferenceWithinFile(parser, ignoreCircular);
    const api = parser.api as unknown as Record<string, unknown>;
    await validateSpecSchema(api);
    // Its other rules apply to Swagger 2.0 only, on the fully dereferenced document.
    if (!api.openapi) {
      if (parser.$refs.circular) steps.dereferenceCircular(parser, steps.options(options));
      steps.validateSwagger2Rules(parser.api);
    }
    version = api.openapi ?? api.swagger;
    if (cache.files.length > 1) bundle = await new steps.SwaggerParser().bundle(root, options);
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

function serialize(document: unknown, format: SpecFormat): string {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  // No folding of long lines and no anchors: the platform gets plain, predictable YAML.
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false });
}
