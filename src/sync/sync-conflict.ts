/** Merge or update-from-main answered `conflicts`: the change request stays open for a person to resolve. */
export interface SyncConflict {
  operation: 'merge' | 'update-from-main';
  /** What happened and what to do, naming the change request and its URL. */
  message: string;
}

export function conflictOf(
  operation: SyncConflict['operation'],
  cr: { number: number; url?: string | undefined },
  target: string,
  result = 'conflicts',
): SyncConflict {
  const where = cr.url === undefined ? '' : ` (${cr.url})`;
  return {
    operation,
    message:
      `${operation === 'merge' ? 'merging' : 'updating from main'} change request #${cr.number}${where} answered "${result}": the space's main content ` +
      `changed the same pages since. docsync left the change request open. Resolve the conflicts and merge it in the platform, ` +
      `or archive it so that the next sync of ${target} starts again from the current main content.`,
  };
}
