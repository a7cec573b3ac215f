import { unzipSync } from 'fflate';
import { badRequest } from '../emulator-error.js';

/** Entries that are never content: OS droppings and a checked-in `.git` folder. */
const JUNK = /(^|\/)(__MACOSX|\.git)\/|(^|\/)(\.DS_Store|Thumbs\.db)$/;

/** True for a name that would land outside the folder it is extracted into. */
function escapes(name: string): boolean {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return true;
  return name.split('/').some((segment) => segment === '..');
}

function normalize(name: string): string {
  return name
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/**
 * Unpacks a zip into `path → bytes`, paths normalized to `a/b.md`. Rejects the whole archive (400,
 * before anything is stored) when an entry escapes its folder, and stops a zip bomb at
 * `maxExpandedBytes` of declared content. A single folder holding everything (GitHub's
 * `repo-main/`) is stripped.
 */
export function readZip(data: Uint8Array, maxExpandedBytes: number): Map<string, Uint8Array> {
  const escaping: string[] = [];
  let expanded = 0;
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(data, {
      filter: (file) => {
        const name = file.name.replace(/\\/g, '/');
        if (escapes(name)) {
          escaping.push(file.name);
          return false;
        }
        if (name.endsWith('/') || JUNK.test(name)) return false;
        expanded += file.originalSize;
        return expanded <= maxExpandedBytes;
      },
    });
  } catch (error) {
    throw badRequest(`Invalid body field "url": the archive is not a readable zip file (${(error as Error).message}).`);
  }
  if (escaping.length > 0) {
    const names = escaping.slice(0, 3).map((n) => `"${n}"`).join(', ');
    throw badRequest(`The archive has entries whose path escapes its folder (${names}); nothing was imported.`);
  }
  if (expanded > maxExpandedBytes) {
    throw badRequest(`The archive expands beyond the import size limit of ${maxExpandedBytes} bytes; nothing was imported.`);
  }
  const entries = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(unzipped)) {
    const path = normalize(name.replace(/\\/g, '/'));
    if (path !== '') entries.set(path, bytes);
  }
  return stripSharedFolder(entries);
}

function stripSharedFolder(entries: Map<string, Uint8Array>): Map<string, Uint8Array> {
  let shared: string | undefined;
  for (const path of entries.keys()) {
    const slash = path.indexOf('/');
    if (slash < 0) return entries;
    const first = path.slice(0, slash);
    if (shared === undefined) shared = first;
    else if (shared !== first) return entries;
  }
  if (shared === undefined) return entries;
  const cut = shared.length + 1;
  return new Map([...entries].map(([path, bytes]) => [path.slice(cut), bytes]));
}
