import type { PreparedContent } from '../../src/sync/prepared-content.js';

/** What a read derives, as a whole read from nothing gives it: its cost (`stats`) and how a file was read (bytes or source) left out. */
export function derivedRead(content: Pick<PreparedContent, 'snapshot'>) {
  const { stats: _stats, ...rest } = content.snapshot;
  return { ...rest, files: rest.files.map((file) => ({ path: file.path, oid: file.oid, size: file.size })) };
}
