/**
 * Builds an API path from a template, percent-encoding every interpolated value as one path
 * segment: apiPath`/orgs/${orgId}/sites/${siteId}` never lets an id add a `/` or a `?`.
 */
export function apiPath(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += encodeURIComponent(String(value)) + (strings[i + 1] ?? '');
  });
  return out;
}
