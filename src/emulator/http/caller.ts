import { EmulatorError } from '../emulator-error.js';
import { memberKey, type EmulatorState } from '../state/emulator-state.js';
import type { UserRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';

/** The authenticated user behind a request. Role checks live in lookup.ts. */
export class Caller {
  constructor(
    readonly user: UserRecord,
    private readonly state: EmulatorState,
  ) {}

  /** The caller's role in the organization; undefined when not a member at all. */
  roleIn(organization: string): MemberRole | undefined {
    return this.state.members.get(memberKey(organization, this.user.id))?.role;
  }
}

/** Resolves `Authorization: Bearer <token>`; 401 when missing or unknown. */
export function authenticate(state: EmulatorState, header: string | undefined): Caller {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) throw new EmulatorError(401, 'Missing bearer token: send "Authorization: Bearer <token>".');
  const userId = state.tokens.get(match[1]);
  const user = userId === undefined ? undefined : state.users.get(userId);
  if (!user) throw new EmulatorError(401, 'The bearer token is not valid.');
  return new Caller(user, state);
}
