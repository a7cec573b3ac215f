/** git's default threshold for a rename (`-M`, `diff.renames`): half the content kept. */
export const RENAME_THRESHOLD = 0.5;

/** A chunk is cut at each newline, or after this many bytes of a longer line (diffcore-delta.c). */
const CHUNK = 64;

/**
 * How alike two versions of a file are, as git's rename detection scores them (diffcore-delta.c):
 * both cut into chunks (lines, or 64 bytes of a longer one, a carriage return before a newline
 * dropped), the bytes of the chunks they share over the size of the larger one; 0 to 1. Pure.
 */
export function renameSimilarity(from: string, to: string): number {
  const [a, b] = [chunkSizes(from), chunkSizes(to)];
  const size = Math.max(a.total, b.total);
  if (size === 0) return 1;
  let copied = 0;
  for (const [chunk, bytes] of a.sizes) copied += Math.min(bytes, b.sizes.get(chunk) ?? 0);
  return copied / size;
}

function chunkSizes(text: string): { sizes: Map<string, number>; total: number } {
  const bytes = new TextEncoder().encode(text);
  const sizes = new Map<string, number>();
  let start = 0;
  const cut = (end: number): void => {
    const chunk = bytes.subarray(start, end).filter((byte, at, all) => !(byte === 0x0d && all[at + 1] === 0x0a));
    const key = Buffer.from(chunk).toString('latin1');
    sizes.set(key, (sizes.get(key) ?? 0) + chunk.length);
    start = end;
  };
  for (let at = 0; at < bytes.length; at += 1) if (bytes[at] === 0x0a || at + 1 - start >= CHUNK) cut(at + 1);
  if (start < bytes.length) cut(bytes.length);
  return { sizes, total: bytes.length };
}
