import type SwaggerParser from '@apidevtools/swagger-parser';
import { createRequire } from 'node:module';

/** The steps of swagger-parser's `validate`, so docsync can run them with its own schema check. */
export interface SwaggerParserSteps {
  readonly SwaggerParser: typeof SwaggerParser;
  /** Options completed with swagger-parser's defaults, as `validate` builds them. */
  options(options: SwaggerParser.Options): SwaggerParser.Options;
  /** Its second dereferencing pass, which resolves the circular `$ref`s left by the first. */
  dereferenceCircular(parser: SwaggerParser, options: SwaggerParser.Options): void;
  /** Its Swagger 2.0 rules beyond the schema (duplicate operationIds and parameters, path parameters, …). */
  validateSwagger2Rules(api: unknown): void;
}

/** Loads swagger-parser and the parts of it `validate` uses (none of them exported by name). */
export async function loadSwaggerParserSteps(): Promise<SwaggerParserSteps> {
  const { default: parser } = await import('@apidevtools/swagger-parser');
  const fromParser = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'));
  const Options = fromParser('./options.js') as new (options: SwaggerParser.Options) => SwaggerParser.Options;
  const refParser = fromParser('@apidevtools/json-schema-ref-parser') as { dereferenceInternal: (parser: SwaggerParser, options: SwaggerParser.Options) => void };
  return {
    SwaggerParser: parser,
    options: (options) => new Options(options),
    dereferenceCircular: (p, options) => refParser.dereferenceInternal(p, options),
    validateSwagger2Rules: fromParser('./validators/spec.js') as (api: unknown) => void,
  };
}
