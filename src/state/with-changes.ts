import { RecordView } from './record-view.js';

/**
 * A map with these entries changed: set, or removed where undefined. The map given is left as it
 * is. A view of stored records gets the changes laid over it (nothing decoded, nothing copied);
 * another map is copied.
 */
export function withChanges<V>(map: ReadonlyMap<string, V>, changes: Iterable<readonly [string, V | undefined]>): ReadonlyMap<string, V> {
  if (map instanceof RecordView) return (map as RecordView<'page'>).with(changes as Iterable<[string, never]>) as unknown as ReadonlyMap<string, V>;
  const next = new Map(map);
  for (const [key, value] of changes) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
