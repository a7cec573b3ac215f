import SwaggerParser from '@apidevtools/swagger-parser';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { SpecValidationError } from './errors/spec-validation-error.js';
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
}

/**
 * Reads, validates and bundles a local OpenAPI (3.0, 3.1) or Swagger 2.0 file with swagger-parser.
 * Local `$ref`s to other files are bundled into one document (YAML if the root is YAML, else
 * JSON); remote ones are refused, since the platform would see a document it cannot complete.
 * @throws {SpecValidationError} naming the file and line (or JSON pointer) of the first problem.
 */
export async function loadSpec(file: string): Promise<LoadedSpec> {
  const root = resolve(file);
  const cache = new SpecSourceCache();
  const options = cache.parserOptions();
  let version: unknown;
  let bundle: unknown;
  try {
    // Validating by path reads every file once (through the cache) and is the costly step;
    // only a spec that spans several files is then bundled (from the cached texts).
    const validated = (await new SwaggerParser().validate(root, options)) as unknown as Record<string, unknown>;
    version = validated.openapi ?? validated.swagger;
    if (cache.files.length > 1) bundle = await new SwaggerParser().bundle(root, options);
  } catch (error) {
    throw toSpecValidationError(error, cache, root);
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
  };
}

function serialize(document: unknown, format: SpecFormat): string {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  // No folding of long lines and no anchors: the platform gets plain, predictable YAML.
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false });
}
