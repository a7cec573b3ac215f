import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { API_CONTRACTS, type ContractName } from '../../api/contracts/api-contract.js';
import { ContractUnavailableError } from './contract-unavailable-error.js';
import { OpenApiDocumentSchema, type OpenApiDocument } from './openapi-document.js';

/**
 * Reads the official OpenAPI document of `contract` from its installed `@gitbook/api` package. The
 * packages are development dependencies: callers load them lazily (tests, `emulator --strict`) and
 * an installation without them fails here with {@link ContractUnavailableError}.
 */
export async function loadContract(contract: ContractName, resolve: (id: string) => string = createRequire(import.meta.url).resolve): Promise<OpenApiDocument> {
  const { packageName } = API_CONTRACTS[contract];
  let file: string;
  try {
    file = resolve(`${packageName}/spec/openapi.json`);
  } catch (error) {
    throw new ContractUnavailableError(contract, { cause: error });
  }
  return OpenApiDocumentSchema.parse(JSON.parse(await readFile(file, 'utf8')) as unknown);
}
