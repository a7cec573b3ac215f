/** `https://host/path?…`: a URL without credentials and query string, where signatures and share keys live. */
export function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search === '' ? '' : '?…'}`;
  } catch {
    return '(a URL that does not parse)';
  }
}
