import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ContractUnavailableError } from './contract-unavailable-error.js';
import { OpenApiDocumentSchema, type OpenApiDocument } from './openapi-document.js';

const SPEC_MODULE = '@gitbook/api/spec/openapi.json';

/**
 * Reads the official OpenAPI document from the installed `@gitbook/api` package. It is a
 * development dependency: callers load it lazily (tests, `emulator --strict`) and an installation
 * without it fails here with {@link ContractUnavailableError}.
 */
export async function loadContract(resolve: (id: string) => string = createRequire(import.meta.url).resolve): Promise<OpenApiDocument> {
  let file: string;
  try {
    file = resolve(SPEC_MODULE);
  } catch (error) {
    throw new ContractUnavailableError({ cause: error });
  }
  return OpenApiDocumentSchema.parse(JSON.parse(await readFile(file, 'utf8')) as unknown);
}
