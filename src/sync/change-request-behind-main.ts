import type { PlatformEditsStep } from './platform-edits/platform-edits-step.js';
import type { SyncConflict } from './sync-conflict.js';

/**
 * docsync's change request met conflicts (main changed pages it changes since it was opened) in a
 * sync that merges it itself (`autoMerge`, or `direct`): the change request is archived and the
 * sync runs again against main, into a change request opened from it. What the platform-edits
 * check of that pass kept (`edits`: a reviewer's edits in the archived change request, main's) is
 * this pass's too: main is what it checked, and the branch holds it already. A person is asked to
 * resolve conflicts only in a change request they review.
 */
export class ChangeRequestBehindMain extends Error {
  constructor(
    readonly changeRequest: { readonly id: string; readonly number: number },
    readonly edits: PlatformEditsStep | undefined,
    readonly conflict: SyncConflict,
  ) {
    super(`change request #${changeRequest.number} is behind main and conflicts with it: archived, planning again against main`);
    this.name = 'ChangeRequestBehindMain';
  }
}
