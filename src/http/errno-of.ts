/** The errno code (`ECONNRESET`, `ENOTFOUND`, …) of a failed request, looked for along its causes; undici's own codes are not errnos. */
export function errnoOf(error: unknown): string | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as Error & { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code;
  }
  return undefined;
}
