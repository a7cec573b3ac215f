import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ContractOperation } from './contract-operation.js';
import type { ContractViolation } from './contract-violation.js';
import { loadContract } from './load-contract.js';
import type { OpenApiDocument, OpenApiResponse, OpenApiSchema } from './openapi-document.js';
import { OperationIndex } from './operation-index.js';
import { dialectOf, toJsonSchema, type SchemaDialect } from './to-json-schema.js';
import { applyErrata } from './contract-errata.js';
import type { ContractName } from '../../api/contracts/api-contract.js';

const DOCUMENT_ID = 'https://api.gitbook.com/openapi.json';

const loaded = new Map<ContractName, Promise<ContractValidator>>();
const JSON_TYPE = 'application/json';

/**
 * The shape every error response in the document declares; used for an error status an operation
 * does not list (401, 403, 429, 5xx), which the API answers in the same form.
 */
function errorSchema(status: number): OpenApiSchema {
  return {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer', enum: [status] }, message: { type: 'string' } },
      },
    },
  };
}

/**
 * Checks request and response bodies against an official OpenAPI document (3.0 or 3.1), with its
 * known defects corrected (contract-errata.ts). Validators are compiled on first use per
 * operation and status, and cached.
 */
export class ContractValidator {
  readonly operations: OperationIndex;
  private readonly ajv: Ajv | Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly bySchema = new WeakMap<OpenApiSchema, ValidateFunction>();

  private readonly document: OpenApiDocument;
  private readonly dialect: SchemaDialect;

  /** `official` is the document of `contract`, corrected by that contract's errata first. */
  constructor(
    official: OpenApiDocument,
    readonly contract: ContractName,
  ) {
    const document = applyErrata(official, contract);
    this.document = document;
    this.dialect = dialectOf(document.openapi);
    this.operations = new OperationIndex(document);
    const options = { allErrors: true, strict: true, strictRequired: false, strictTypes: false };
    // 3.1's schemas are JSON Schema 2020-12; 3.0's are closer to draft 7 than to anything newer.
    this.ajv = this.dialect === '3.1' ? new Ajv2020(options) : new Ajv(options);
    addFormats.default(this.ajv);
    // The document's own formats: free text with a length bound the schema already states.
    this.ajv.addFormat('emoji', true).addFormat('icon', true);
    this.ajv.addKeyword('example').addKeyword('x-typescript').addKeyword('x-internal');
    this.ajv.addSchema({ $id: DOCUMENT_ID, definitions: this.toJsonSchema(document.components.schemas) });
  }

  /**
   * The validator of the installed document of `contract`, one per process: it holds nothing but the
   * document and compiled validators, and compiling them is most of an emulator's start-up.
   * Throws ContractUnavailableError without the document (and loads again on the next call).
   */
  static load(contract: ContractName): Promise<ContractValidator> {
    let loading = loaded.get(contract);
    if (loading === undefined) {
      loading = loadContract(contract).then((document) => new ContractValidator(document, contract));
      loading.catch(() => loaded.delete(contract));
      loaded.set(contract, loading);
    }
    return loading;
  }

  /** Violations of the response body `body` (undefined for none) sent with `status`; [] when valid. */
  checkResponse(operation: ContractOperation, status: number, body: unknown): ContractViolation[] {
    const declared = this.declaredResponse(operation, status);
    if (declared === undefined) {
      if (status >= 400) return this.run(`error:${status}`, () => errorSchema(status), body);
      return [{ path: '', message: `status ${status} is not a documented answer of ${operation.operationId}` }];
    }
    const schema = declared.content?.[JSON_TYPE]?.schema;
    if (schema === undefined) return body === undefined ? [] : [{ path: '', message: `status ${status} of ${operation.operationId} has no body` }];
    return this.run(`${operation.operationId}:${status}`, () => schema, body);
  }

  /** Violations of the JSON request body of `operation`; [] when valid or when it takes no body. */
  checkRequest(operation: ContractOperation, body: unknown): ContractViolation[] {
    const schema = operation.definition.requestBody?.content?.[JSON_TYPE]?.schema;
    if (schema === undefined) return [];
    return this.run(`${operation.operationId}:request`, () => schema, body);
  }

  /** Violations of `value` against any schema node of the document (tests generate instances from such nodes). */
  checkSchema(schema: OpenApiSchema, value: unknown): ContractViolation[] {
    let validate = this.bySchema.get(schema);
    if (validate === undefined) {
      validate = this.ajv.compile(this.toJsonSchema(schema) as OpenApiSchema);
      this.bySchema.set(schema, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map(toViolation);
  }

  private toJsonSchema(schema: unknown): unknown {
    return toJsonSchema(schema, DOCUMENT_ID, this.dialect);
  }

  private declaredResponse(operation: ContractOperation, status: number): OpenApiResponse | undefined {
    const responses = operation.definition.responses;
    const response = responses[String(status)] ?? responses[`${String(status)[0] ?? ''}XX`] ?? (status >= 400 ? responses.default : undefined);
    const ref = response?.$ref?.match(/^#\/components\/responses\/(.+)$/)?.[1];
    return ref === undefined ? response : this.document.components.responses[ref];
  }

  private run(key: string, schema: () => OpenApiSchema, body: unknown): ContractViolation[] {
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(this.toJsonSchema(schema()) as OpenApiSchema);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(toViolation);
  }
}

function toViolation(error: ErrorObject): ContractViolation {
  const detail = error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})` : '';
  const allowed = error.keyword === 'enum' ? ` ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}` : '';
  return { path: error.instancePath, message: `${error.message ?? error.keyword}${allowed}${detail}` };
}
