import type { EmulatorState } from './emulator-state.js';
import type { SpaceRecord } from './records.js';
import { createRevision } from './revisions.js';

/** A new, empty space of `organization` (public, no default access for guests). */
export function createSpace(state: EmulatorState, organization: string, fields: { title: string; emoji?: string; parent?: string }): SpaceRecord {
  const now = state.timestamp();
  const id = state.newId('space');
  const revision = createRevision(state, id, { pages: [], files: [] }, []);
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
