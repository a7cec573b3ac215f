import type { ListOptions } from '../request-options.js';

/** Options every single call takes. */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
}

/** A site, addressed by its organization. */
export interface SiteRef {
  readonly orgId: string;
  readonly siteId: string;
}

export type { ListOptions };
