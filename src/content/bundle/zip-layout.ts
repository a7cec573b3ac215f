/** A deflate level; 0 stores. */
export type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Deflate level per file: already-compressed formats are stored, deflating them again only costs CPU. */
export function levelFor(path: string, level: DeflateLevel): DeflateLevel {
  return STORED.test(path) ? 0 : level;
}

const STORED = /\.(?:png|jpe?g|gif|webp|avif|ico|zip|gz|tgz|bz2|xz|7z|pdf|mp4|mov|webm|mp3|woff2?)$/i;

/** DOS time has no zone: a local-time 1980-01-01 00:00 is written as exactly that on every machine. */
export const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/** Default deflate level of bundles. */
export const DEFAULT_LEVEL: DeflateLevel = 6;
