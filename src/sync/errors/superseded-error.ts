/**
 * A sync stopped because newer work owns its target: the job's lock went to another worker, or the
 * docs changed while it imported. Not a failure: the target is synced again from what is newest.
 */
export class SupersededError extends Error {
  readonly code = 'E_SYNC_SUPERSEDED';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SupersededError';
  }
}
