import type { ErrorObject } from 'ajv';

/** Ajv's standalone check of a document against the OpenAPI 3.0 schema; `errors` holds why it failed. */
declare const validate: {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
};
export = validate;
