/** How long fetching a spec may take before processing fails with FETCH_TIMEOUT. */
export const SPEC_FETCH_TIMEOUT_MS = 5000;

export type FetchSpecResult = { ok: true; text: string } | { ok: false; code: 'FETCH_TIMEOUT' | 'FETCH_ERROR'; reason: string };

/**
 * Fetches the text of a spec from its source URL. A timeout is FETCH_TIMEOUT; a refused
 * connection, a non-2xx answer or a body over `maxBytes` is FETCH_ERROR.
 */
export async function fetchSpecText(url: string, maxBytes: number, timeoutMs = SPEC_FETCH_TIMEOUT_MS): Promise<FetchSpecResult> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, code: 'FETCH_ERROR', reason: `HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel();
      return { ok: false, code: 'FETCH_ERROR', reason: `larger than ${maxBytes} bytes` };
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > maxBytes) return { ok: false, code: 'FETCH_ERROR', reason: `larger than ${maxBytes} bytes` };
    return { ok: true, text: new TextDecoder().decode(bytes) };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError') return { ok: false, code: 'FETCH_TIMEOUT', reason: `no answer within ${timeoutMs} ms` };
    return { ok: false, code: 'FETCH_ERROR', reason: error instanceof Error ? error.message : String(error) };
  }
}
