import type { TargetState } from '../../state/state-store.js';

/**
 * The meaning of the base's fingerprints: 2 since they cover a page's title and layout, 3 since a
 * link to a file counts by the file it names, however spelled (see page-fingerprint.ts). A base of
 * another version keeps its blob ids, and its fingerprints are made again from those blobs.
 */
export const BASE_VERSION = 3;

/** Whether the fingerprints of `base` mean what this version's do. */
export function fingerprintsCurrent(base: Pick<NonNullable<TargetState['base']>, 'version'> | undefined): boolean {
  return base?.version === BASE_VERSION;
}
