import * as z from 'zod';
import type { EmulatorContext } from '../emulator-context.js';
import type { Caller } from '../http/caller.js';
import { findChangeRequest, findSpace, type Access } from '../http/lookup.js';
import type { ChangeRequestRecord, SpaceRecord } from '../state/records.js';

export const CrParams = z.object({ spaceId: z.string(), changeRequestId: z.string() });

/** The space (with the role check) and the change request, by id or number, a `CR` route addresses. */
export function findCr(
  ctx: EmulatorContext,
  caller: Caller,
  params: z.infer<typeof CrParams>,
  access: Access = { needs: 'read', action: 'read change requests' },
): { space: SpaceRecord; cr: ChangeRequestRecord } {
  const { space } = findSpace(ctx, caller, params.spaceId, access);
  return { space, cr: findChangeRequest(ctx, space, params.changeRequestId) };
}
