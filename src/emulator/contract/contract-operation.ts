import type { ContractMethod, OpenApiOperation } from './openapi-document.js';

/** One operation of the official document, with the path template it is declared under. */
export interface ContractOperation {
  readonly operationId: string;
  readonly method: ContractMethod;
  /** As in the document, without the `/v1` server prefix: `/spaces/{spaceId}`. */
  readonly template: string;
  /** The first tag, the document's grouping; `(untagged)` when there is none. */
  readonly tag: string;
  readonly definition: OpenApiOperation;
}
