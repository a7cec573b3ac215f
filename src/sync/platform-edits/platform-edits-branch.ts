import type { SpaceTarget } from '../../config/config-schema.js';

/** The branch a target's platform edits go to. */
export function platformEditsBranch(target: Pick<SpaceTarget, 'name' | 'platformEditsBranch'>): string {
  return target.platformEditsBranch.replaceAll('{target}', target.name);
}
