import type { EmulatorContext } from '../emulator-context.js';
import type { UserRecord } from '../state/records.js';
import { notFound } from '../emulator-error.js';

export function serializeUser(ctx: EmulatorContext, user: UserRecord) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL === undefined ? {} : { photoURL: user.photoURL }),
    urls: { location: `${ctx.baseUrl()}/v1/users/${user.id}` },
  };
}

/** Serializes a user by id; the id always comes from the state, so a miss is an emulator bug. */
export function serializeUserId(ctx: EmulatorContext, id: string) {
  const user = ctx.state.users.get(id);
  if (!user) throw notFound('User', id);
  return serializeUser(ctx, user);
}
