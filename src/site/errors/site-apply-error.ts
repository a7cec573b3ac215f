import type { SiteAction } from '../site-action.js';

/**
 * One action of a site plan failed. Actions before it are applied and remembered in the state
 * store, so the next plan starts from there; `cause` is the API error.
 */
export class SiteApplyError extends Error {
  override readonly name = 'SiteApplyError';
  readonly code = 'E_SITE_APPLY';

  constructor(
    readonly action: SiteAction,
    /** What the action does, as the plan said it (never a secret). */
    readonly description: string,
    /** Actions completed before this one. */
    readonly completed: number,
    options: { cause: unknown },
  ) {
    super(`site apply stopped at "${description}" after ${completed} change(s): ${messageOf(options.cause)}`, options);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
