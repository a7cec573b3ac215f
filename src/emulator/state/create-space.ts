import type { EmulatorState } from './emulator-state.js';
import type { PageRecord, SpaceRecord } from './records.js';
import { createRevision } from './revisions.js';

/**
 * A new space of `organization` (public, no default access for guests): empty, or with the `pages`
 * and `id` a fixture gives it.
 */
export function createSpace(
  state: EmulatorState,
  organization: string,
  fields: { title: string; emoji?: string | undefined; parent?: string },
  seed: { id?: string; pages?: PageRecord[] } = {},
): SpaceRecord {
  const now = state.timestamp();
  const id = seed.id ?? state.newId('space');
  const revision = createRevision(state, id, { pages: seed.pages ?? [], files: [] }, []);
  const space: SpaceRecord = {
    id,
    organization,
    title: fields.title,
    ...(fields.emoji === undefined ? {} : { emoji: fields.emoji }),
    ...(fields.parent === undefined ? {} : { parent: fields.parent }),
    visibility: 'public',
    createdAt: now,
    updatedAt: now,
    revision: revision.id,
    defaultLevel: null,
    changeRequestCounter: 0,
  };
  state.spaces.set(id, space);
  return space;
}
