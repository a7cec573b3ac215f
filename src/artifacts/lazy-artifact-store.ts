import type { ArtifactFile, ArtifactStore, PublishedArtifact, PublishOptions } from './artifact-store.js';

/**
 * A store started by its first `publish`, for a one-shot process: today's API takes a docs repo's
 * files inline, so most runs publish nothing and need not load or start the store at all. Until it
 * is started, `description` and `origin` are those of its configuration (what the reachability guard
 * checks before any API call); once started, the started store's.
 */
export class LazyArtifactStore implements ArtifactStore {
  #started: Promise<ArtifactStore> | undefined;
  #store: ArtifactStore | undefined;

  constructor(
    private readonly configured: Pick<ArtifactStore, 'description' | 'origin'>,
    private readonly start: () => Promise<ArtifactStore>,
  ) {}

  get description(): string {
    return this.#store?.description ?? this.configured.description;
  }

  get origin(): URL | undefined {
    return this.#store ? this.#store.origin : this.configured.origin;
  }

  async publish(file: ArtifactFile, options?: PublishOptions): Promise<PublishedArtifact> {
    // A start that failed is not kept: the next publish tries again, as a fresh process would.
    this.#started ??= this.start().then(
      (store) => (this.#store = store),
      (error: unknown) => {
        this.#started = undefined;
        throw error;
      },
    );
    return (await this.#started).publish(file, options);
  }

  async release(artifact: PublishedArtifact): Promise<void> {
    await this.#store?.release(artifact);
  }

  async close(): Promise<void> {
    const started = this.#started;
    this.#started = undefined;
    this.#store = undefined;
    await started?.then(
      (store) => store.close(),
      () => undefined,
    );
  }

  toJSON(): string {
    return this.description;
  }
}
