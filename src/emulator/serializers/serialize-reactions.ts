import type { EmulatorContext } from '../emulator-context.js';
import type { ReactionRecord } from '../state/records.js';
import { serializeUserId } from './serialize-user.js';

/** Reactions grouped per emoji, in the order each emoji was first used. */
export function serializeReactions(ctx: EmulatorContext, reactions: readonly ReactionRecord[]) {
  const groups = new Map<string, { emoji: string; count: number; users: { user: ReturnType<typeof serializeUserId>; reactedAt: string }[] }>();
  for (const reaction of reactions) {
    let group = groups.get(reaction.emoji);
    if (!group) {
      group = { emoji: reaction.emoji, count: 0, users: [] };
      groups.set(reaction.emoji, group);
    }
    group.count += 1;
    group.users.push({ user: serializeUserId(ctx, reaction.user), reactedAt: reaction.reactedAt });
  }
  return [...groups.values()];
}
