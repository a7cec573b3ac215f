/** The errno code (`ECONNRESET`, `ENOTFOUND`, …) of a failed request, looked for along its causes. */
export function errnoOf(error: unknown): string | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
