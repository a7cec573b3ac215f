/**
 * The platform's versions of pages could not be pushed to their branch (not a fast-forward, no
 * permission, the remote unreachable): the sync of that target stopped before overwriting anything.
 */
export class PlatformEditsPushError extends Error {
  override readonly name = 'PlatformEditsPushError';
  readonly code = 'E_PLATFORM_EDITS_PUSH';

  constructor(
    readonly target: string,
    readonly branch: string,
    readonly remote: string,
    /** git's own message. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      `The sync of ${target} stopped before overwriting pages edited in the platform: pushing their versions to the branch ${branch} on ${remote} failed: ${reason}\n` +
        `Nothing was overwritten. Check that this runner may push to ${remote}; if the branch moved on (someone pushed to it), merge or delete it and sync again.`,
      options,
    );
  }
}
