import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { SpaceDetailSchema, type SpaceDetail } from '../schemas/space.js';
import type { CallOptions } from './call-options.js';

/** What docsync sends to importGitRepository: the repository, the ref, and the docs folder in it. */
export interface ImportGitBody {
  /** May carry credentials (`https://user:token@host/…`): never log it as it is. */
  readonly url: string;
  /** A full ref, `refs/heads/main`. */
  readonly ref: string;
  /** The project's folder in the repository, where its `.gitbook.yaml` is; absent at the top. */
  readonly repoProjectDirectory?: string;
}

/** The space resource (`/v1/spaces/{spaceId}`, `S`). */
export class SpacesApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  get(spaceId: string, options: CallOptions = {}): Promise<SpaceDetail> {
    return this.#client.request({ path: apiPath`/spaces/${spaceId}`, schema: SpaceDetailSchema, signal: options.signal });
  }

  /**
   * `POST S/git/import` (importGitRepository): the platform clones `ref` of the repository at `url`
   * and makes the space's content match it, in the background after the 204 (read the space's
   * revision, whose `git.oid` names the commit, to see it land). Not resent: a retried import would
   * be queued twice.
   */
  async importGit(spaceId: string, body: ImportGitBody, options: CallOptions = {}): Promise<void> {
    await this.#client.request({ method: 'POST', path: apiPath`/spaces/${spaceId}/git/import`, body, signal: options.signal });
  }
}
