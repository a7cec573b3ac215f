import { badRequest } from '../emulator-error.js';

const FETCH_TIMEOUT_MS = 30_000;

/** What a fetch brought: the bytes and the type the server gave them, if any. */
export interface FetchedSource {
  bytes: Uint8Array;
  contentType: string | undefined;
}

/**
 * Downloads what an import (or a content batch's file) points at, refusing more than `limit` bytes
 * (by Content-Length when given, and while streaming when not) so an oversized archive never sits
 * in memory whole. Every failure is a 400 naming the body field that held the URL, or the size limit.
 */
export async function fetchImportSource(url: string, limit: number, field = 'url'): Promise<FetchedSource> {
  const tooLarge = () => badRequest(`Invalid body field "${field}": the content is larger than the import size limit of ${limit} bytes.`);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw badRequest(`Invalid body field "${field}": could not fetch ${url} (${reason(error)}).`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw badRequest(`Invalid body field "${field}": fetching ${url} answered HTTP ${response.status}.`);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const contentType = response.headers.get('content-type') ?? undefined;
  if (!response.body) return { bytes: new Uint8Array(), contentType };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw badRequest(`Invalid body field "${field}": reading ${url} failed (${reason(error)}).`);
    }
    if (chunk.done) break;
    // fetch bodies are byte streams; the stream type does not say so.
    const bytes = chunk.value as Uint8Array;
    total += bytes.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(bytes);
  }
  return { bytes: Buffer.concat(chunks, total), contentType };
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return error.name === 'TimeoutError' ? `no answer within ${FETCH_TIMEOUT_MS / 1000}s` : error.message;
}
