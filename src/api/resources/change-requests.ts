import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import {
  ChangeRequestSchema,
  MergeResultSchema,
  RequestReviewersResultSchema,
  UpdateResultSchema,
  type ChangeRequest,
  type ChangeRequestStatus,
  type CreateChangeRequestBody,
  type MergeResult,
  type RequestReviewersBody,
  type RequestReviewersResult,
  type UpdateChangeRequestBody,
  type UpdateResult,
} from '../schemas/change-request.js';
import { CommentSchema, type Comment } from '../schemas/comment.js';
import type { CallOptions, ListOptions } from './call-options.js';

/** `changeRequest` is a change request id or its number in the space. */
function crPath(spaceId: string, changeRequest: string | number): string {
  return apiPath`/spaces/${spaceId}/change-requests/${changeRequest}`;
}

/** Change requests of a space (`S/change-requests`). */
export class ChangeRequestsApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  /** Change requests of a space; the API lists only `open` ones unless `status` says otherwise. */
  list(spaceId: string, options: ListOptions & { readonly status?: ChangeRequestStatus; readonly contributor?: string } = {}): Paged<ChangeRequest> {
    return paged(() =>
      this.#client.paginate({
        path: apiPath`/spaces/${spaceId}/change-requests`,
        query: { status: options.status, contributor: options.contributor },
        itemSchema: ChangeRequestSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  /** One change request, by id or by number. */
  get(spaceId: string, changeRequest: string | number, options: CallOptions = {}): Promise<ChangeRequest> {
    return this.#client.request({ path: crPath(spaceId, changeRequest), schema: ChangeRequestSchema, signal: options.signal });
  }

  /** Opens a change request. Not retried after it may have reached the server: look it up before re-creating. */
  create(spaceId: string, body: CreateChangeRequestBody = {}, options: CallOptions = {}): Promise<ChangeRequest> {
    return this.#client.request({
      method: 'POST',
      path: apiPath`/spaces/${spaceId}/change-requests`,
      body,
      schema: ChangeRequestSchema,
      signal: options.signal,
    });
  }

  /** Changes the subject or status. */
  update(spaceId: string, changeRequest: string | number, body: UpdateChangeRequestBody, options: CallOptions = {}): Promise<ChangeRequest> {
    return this.#client.request({
      method: 'PATCH',
      path: crPath(spaceId, changeRequest),
      body,
      schema: ChangeRequestSchema,
      signal: options.signal,
    });
  }

  /** Merges into the main content. Not retried after it may have reached the server. */
  merge(spaceId: string, changeRequest: string | number, options: CallOptions = {}): Promise<MergeResult> {
    return this.#client.request({
      method: 'POST',
      path: `${crPath(spaceId, changeRequest)}/merge`,
      schema: MergeResultSchema,
      signal: options.signal,
    });
  }

  /** Pulls the main content into the change request. Safe to repeat, so retried like a PUT. */
  updateFromMain(spaceId: string, changeRequest: string | number, options: CallOptions = {}): Promise<UpdateResult> {
    return this.#client.request({
      method: 'POST',
      path: `${crPath(spaceId, changeRequest)}/update`,
      schema: UpdateResultSchema,
      idempotent: true,
      signal: options.signal,
    });
  }

  /** Requests reviews from users (ids). Requesting the same users twice is harmless, so it is retried. */
  requestReviewers(spaceId: string, changeRequest: string | number, body: RequestReviewersBody, options: CallOptions = {}): Promise<RequestReviewersResult> {
    return this.#client.request({
      method: 'POST',
      path: `${crPath(spaceId, changeRequest)}/requested-reviewers`,
      body,
      schema: RequestReviewersResultSchema,
      idempotent: true,
      signal: options.signal,
    });
  }

  /** Posts a comment on a change request (`POST CR/comments`), in markdown. */
  comment(spaceId: string, changeRequest: string | number, markdown: string, options: CallOptions = {}): Promise<Comment> {
    return this.#client.request({
      method: 'POST',
      path: `${crPath(spaceId, changeRequest)}/comments`,
      body: { body: { markdown } },
      schema: CommentSchema,
      signal: options.signal,
    });
  }
}
