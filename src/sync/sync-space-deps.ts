import type { ApiClient } from '../api/api-client.js';
import type { ArtifactStore } from '../artifacts/artifact-store.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { Download } from '../http/url-downloader.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import type { MaxDeletions } from './deletion-guard.js';
import type { KnownRevisions } from './known-revisions.js';
import type { PreparedContent } from './prepared-content.js';
import type { WriteFence } from './write-fence.js';

/** What a space sync needs from outside, given by the composition root. */
export interface SyncSpaceDeps {
  /**
   * With the client's rate budget, content batches in flight follow what the rate limit leaves; with
   * its site calls, the redirects of the site the space is published in follow each sync.
   */
  api: Pick<ApiClient, 'changeRequests' | 'content' | 'information' | 'spaces'> &
    Partial<Pick<ApiClient, 'rateBudget' | 'sites' | 'siteSpaces' | 'siteRedirects'>>;
  artifacts: ArtifactStore;
  state: StateStore;
  logger: Logger;
  /** Reads, hashes and (lazily) bundles a target's docs; `signal` ends the git processes it runs. */
  prepare(target: SpaceTarget, options?: { signal?: AbortSignal | undefined }): Promise<PreparedContent>;
  /** Revisions read by earlier syncs of this process (a daemon's): see {@link KnownRevisions}. */
  revisions?: KnownRevisions | undefined;
  /** Downloads live files, to tell one docsync has no record of by its bytes; without it they are sent again. */
  download?: Download | undefined;
  now?: () => Date;
}

export interface SyncSpaceOptions {
  dryRun?: boolean;
  /** `sync.maxDeletions`: more live pages removed stops the sync before any write. Default: no limit. */
  maxDeletions?: MaxDeletions | undefined;
  /** `--allow-deletions`: remove them anyway. */
  allowDeletions?: boolean | undefined;
  signal?: AbortSignal;
  /**
   * Checked right before each write, and makes the sync confirm after its import that it imported
   * the newest docs (`SupersededError` otherwise). Given by queue jobs, where workers race.
   */
  fence?: WriteFence;
  /**
   * Compare with the live content even when the state says this content was synced: the reconcile
   * loop heals drift, and a superseded run may have imported older content after the newest.
   */
  compareLive?: boolean;
  /**
   * Files were seen changing (the watcher's jobs): the reads of the live side start while the docs
   * are read, on a target synced before through content batches.
   */
  changeSeen?: boolean;
}
