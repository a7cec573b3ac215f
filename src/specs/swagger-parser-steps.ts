import type SwaggerParser from '@apidevtools/swagger-parser';
import type { ParsedDocument } from './dereference-within-file.js';

/** The steps of swagger-parser's `validate`, so docsync can run them with its own schema check. */
export interface SwaggerParserSteps {
  readonly SwaggerParser: typeof SwaggerParser;
  /** Options completed with swagger-parser's defaults, as `validate` builds them. */
  options(options: SwaggerParser.Options): SwaggerParser.Options;
  /** Whether a `$ref` points outside the document, to be read before dereferencing. */
  hasExternalRef(document: unknown): boolean;
  /** The library's dereferencing with circular `$ref`s left in place, faster, for a document with no {@link hasExternalRef}. */
  dereferenceWithinFile(parser: SwaggerParser, options: SwaggerParser.Options): void;
  /** Its second dereferencing pass, which resolves the circular `$ref`s left by the first. */
  dereferenceCircular(parser: SwaggerParser, options: SwaggerParser.Options): void;
  /** Its Swagger 2.0 rules beyond the schema (duplicate operationIds and parameters, path parameters, …). */
  validateSwagger2Rules(api: unknown): void;
}

/** Loads swagger-parser and the steps of its `validate`. */
export async function loadSwaggerParserSteps(): Promise<SwaggerParserSteps> {
  const internals = await import('./swagger-parser-internals.js');
  const dereference = internals.dereferenceInternal;
  return {
    SwaggerParser: internals.SwaggerParser,
    options: (options) => new internals.ParserOptions(options),
    hasExternalRef: internals.hasExternalRef,
    // swagger-parser extends json-schema-ref-parser's parser, whose `schema` its types leave out.
    dereferenceWithinFile: (parser, options) =>
      internals.dereferenceWithinFile(parser as unknown as ParsedDocument, options),
    // The pass json-schema-ref-parser runs for its own parser class, which swagger-parser extends.
    dereferenceCircular: (p, options) => dereference(p as unknown as Parameters<typeof dereference>[0], options as Parameters<typeof dereference>[1]),
    validateSwagger2Rules: internals.validateSpec,
  };
}
