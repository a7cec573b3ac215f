import { ContractValidator } from '../../../src/emulator/contract/contract-validator.js';
import { loadContract } from '../../../src/emulator/contract/load-contract.js';
import type { OpenApiSchema } from '../../../src/emulator/contract/openapi-document.js';
import type { SchemaNode } from './schema-arbitrary.js';

/** The seed's published OpenAPI document (`@gitbook/api` 0.130.0, pinned) and its validator. */
export const officialDocument = await loadContract('seed');
export const contract = new ContractValidator(officialDocument, 'seed');

/** Today's published document (`@gitbook/api` 0.202.0, pinned) and its validator. */
export const currentDocument = await loadContract('current');
export const currentContract = new ContractValidator(currentDocument, 'current');

/** One operation of a document, by method and template path, with its JSON bodies' schemas; undefined where the document lacks it. */
export interface OfficialOperation {
  readonly id: string;
  /** Schema of the first 2xx JSON answer; undefined when it answers without a body. */
  readonly response: SchemaNode | undefined;
  readonly request: SchemaNode | undefined;
}

export function officialOperation(method: string, template: string, validator: ContractValidator = contract): OfficialOperation | undefined {
  const operation = validator.operations.operations.find((o) => o.method === method.toLowerCase() && o.template === template);
  if (operation === undefined) return undefined;
  const success = Object.entries(operation.definition.responses).find(([code, r]) => code.startsWith('2') && r.content?.['application/json']);
  return {
    id: operation.operationId,
    response: success?.[1].content?.['application/json']?.schema,
    request: operation.definition.requestBody?.content?.['application/json']?.schema,
  };
}

/** Violations of `value` against a schema node of the document, as `path message` lines. */
export function validateOfficial(schema: OpenApiSchema, value: unknown, validator: ContractValidator = contract): string[] {
  return validator.checkSchema(schema, value).map((v) => `${v.path || '/'} ${v.message}`);
}
