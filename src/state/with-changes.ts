import { ChangedMap } from './changed-map.js';
import { RecordView } from './record-view.js';

/**
 * A map with these entries changed: set, or removed where undefined. The map given is left as it
 * is, and nothing of it is copied: a view of stored records gets the changes laid over it (nothing
 * decoded), another map too (see {@link ChangedMap}).
 */
export function withChanges<V>(map: ReadonlyMap<string, V>, changes: Iterable<readonly [string, V | undefined]>): ReadonlyMap<string, V> {
  if (map instanceof RecordView) return (map as RecordView<'page'>).with(changes as Iterable<[string, never]>) as unknown as ReadonlyMap<string, V>;
  return ChangedMap.of(map, changes);
}
