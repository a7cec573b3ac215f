import type { ReactionRecord } from '../state/records.js';

/**
 * The caller's reactions after an update: each added emoji once per user, then removals. An emoji
 * in both lists ends up removed, as with the add/remove lists elsewhere in the API.
 */
export function applyReactionChanges(
  reactions: readonly ReactionRecord[],
  user: string,
  changes: { addedReactions?: readonly string[] | undefined; removedReactions?: readonly string[] | undefined },
  now: string,
): ReactionRecord[] {
  const next = [...reactions];
  for (const emoji of changes.addedReactions ?? []) {
    if (!next.some((r) => r.emoji === emoji && r.user === user)) next.push({ emoji, user, reactedAt: now });
  }
  const removed = new Set(changes.removedReactions ?? []);
  return next.filter((r) => r.user !== user || !removed.has(r.emoji));
}
