import { badRequest } from '../emulator-error.js';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 1000;

export interface PageQuery {
  page?: string | undefined;
  limit?: number | undefined;
}

/** Opaque page token: the offset, encoded so clients do not build their own. */
function encodeToken(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeToken(token: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'o' in parsed && Number.isInteger(parsed.o)) {
      const offset = parsed.o as number;
      if (offset >= 0) return offset;
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest('Invalid "page" token: pass the value of "next.page" from the previous response.');
}

/** The list envelope: `items`, `count` (all matching items) and `next.page` unless on the last page. */
export function paginate<T, R>(items: readonly T[], query: PageQuery, serialize: (item: T) => R): { items: R[]; count: number; next?: { page: string } } {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const offset = query.page === undefined ? 0 : decodeToken(query.page);
  const slice = items.slice(offset, offset + limit).map(serialize);
  const end = offset + limit;
  return end < items.length ? { items: slice, count: items.length, next: { page: encodeToken(end) } } : { items: slice, count: items.length };
}
