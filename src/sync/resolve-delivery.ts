import type { ApiClient } from '../api/api-client.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { StateStore } from '../state/state-store.js';
import { NoContentBatchesError } from './errors/no-content-batches-error.js';

/**
 * How content is written: page-level change batches (today's API), a zip import (the seed's), or the
 * platform's own import of a git repository (`delivery: git`, either API).
 */
export type Delivery = 'changes' | 'import' | 'git';

/** The state key where `delivery: auto` remembers what the API offers. */
export const DELIVERY_STATE_KEY = 'api:delivery';

/** The first release of the API's document with change-request content batches and without zip import. */
const BATCHES_SINCE = [0, 202, 0] as const;

/**
 * What a target's `delivery` means here. `auto` asks the API once which release it is (`GET /`)
 * and remembers the answer: content batches from the release that has them, zip import before it.
 * `changes` asks too, until an answer is remembered, and is refused on a release without batches
 * (`NoContentBatchesError`), before any write. A release that is no plain version number is taken
 * as today's.
 */
export async function resolveDelivery(
  deps: { api: Pick<ApiClient, 'information'>; state: StateStore },
  target: Pick<SpaceTarget, 'delivery'>,
  signal?: AbortSignal,
): Promise<Delivery> {
  const known = await knownDelivery(deps.state, target);
  if (known !== undefined) return known;
  const { version } = await deps.api.information({ signal });
  const offered = olderThan(version, BATCHES_SINCE) ? 'import' : 'changes';
  await rememberDelivery(deps.state, offered);
  if (target.delivery === 'changes' && offered === 'import') throw new NoContentBatchesError(version);
  return offered;
}

/** The delivery `resolveDelivery` gives without asking the API; undefined when it would have to ask. */
export async function knownDelivery(state: StateStore, target: Pick<SpaceTarget, 'delivery'>): Promise<Delivery | undefined> {
  if (target.delivery === 'import' || target.delivery === 'git') return target.delivery;
  const offered = (await state.get(DELIVERY_STATE_KEY))?.delivery;
  // `changes` is taken as it is only where the API was seen to have batches.
  return target.delivery === 'auto' || offered === 'changes' ? offered : undefined;
}

export async function rememberDelivery(state: StateStore, delivery: 'changes' | 'import'): Promise<void> {
  await state.set(DELIVERY_STATE_KEY, { reviewersRequested: [], delivery });
}

function olderThan(version: string, than: readonly number[]): boolean {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  if (!match) return false;
  const parts = match.slice(1, 4).map(Number);
  for (const [index, part] of parts.entries()) {
    const other = than[index] ?? 0;
    if (part !== other) return part < other;
  }
  return false;
}
