import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { SpaceDetailSchema, type SpaceDetail } from '../schemas/space.js';
import type { CallOptions } from './call-options.js';

/** The space resource (`/v1/spaces/{spaceId}`, `S`). */
export class SpacesApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  get(spaceId: string, options: CallOptions = {}): Promise<SpaceDetail> {
    return this.#client.request({ path: apiPath`/spaces/${spaceId}`, schema: SpaceDetailSchema, signal: options.signal });
  }
}
