import SwaggerParser from '@apidevtools/swagger-parser';
import { dereferenceInternal } from '@apidevtools/json-schema-ref-parser';
import ParserOptions from '@apidevtools/swagger-parser/lib/options.js';
import validateSpec from '@apidevtools/swagger-parser/lib/validators/spec.js';
import { dereferenceWithinFile, hasExternalRef } from './dereference-within-file.js';

/**
 * swagger-parser and the parts of it its `validate` uses (none of them exported by name), imported
 * by paths the CLI's bundler can follow, so the bundle can leave out swagger-parser's own schema
 * check (Ajv and every OpenAPI schema, about 40 ms to load); with docsync's own dereferencing of a
 * single file, which needs them too. Loaded on first use.
 */
export { dereferenceInternal, dereferenceWithinFile, hasExternalRef, ParserOptions, SwaggerParser, validateSpec };
