import path from 'node:path';

/**
 * Normalises a path relative to a docs folder: `\` → `/`, leading `./` and `/` dropped, `.`/`..`
 * resolved, no trailing `/`; '' for the folder itself. `undefined` when it climbs out (`../x`).
 */
export function normalizeDocPath(raw: string): string | undefined {
  const slashed = raw.trim().replace(/\\/g, '/').replace(/^\/+/, '');
  if (slashed === '' || slashed === '.') return '';
  const normal = path.posix.normalize(slashed).replace(/\/+$/, '');
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal === '.' ? '' : normal;
}

/** Joins a folder ('' = top) and a relative path. */
export function joinDocPath(folder: string, relative: string): string {
  return folder === '' ? relative : relative === '' ? folder : `${folder}/${relative}`;
}

/** The folder of a file path ('' at the top). */
export function parentOf(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  return slash < 0 ? '' : filePath.slice(0, slash);
}

/** `filePath` relative to `folder`, or `undefined` when it is not inside it. */
export function relativeTo(folder: string, filePath: string): string | undefined {
  if (folder === '') return filePath;
  return filePath.startsWith(`${folder}/`) ? filePath.slice(folder.length + 1) : undefined;
}
