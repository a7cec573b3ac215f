/** Where a string of the file holds `${` that no `}` closes as a variable reference (`${UNCLOSED`, `${1X}`). */
export interface MalformedReference {
  readonly path: (string | number)[];
  readonly text: string;
}

/**
 * Replaces `${VAR}` and `${VAR:-default}` in every string of a parsed YAML value, so secrets stay in
 * the environment. `$${` escapes a literal `${`. Unknown variables are reported with their path, and
 * a `${` that is not a whole reference too: passed on as written, it would become the value (a token
 * the API refuses, blaming the token).
 */
export function interpolateEnv(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  path: (string | number)[] = [],
  missing: { path: (string | number)[]; variable: string }[] = [],
  malformed: MalformedReference[] = [],
): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$?\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$?\$\{[^}\s]*/g, (match, name: string | undefined, fallback?: string) => {
      if (match.startsWith('$$')) return match.slice(1);
      if (name === undefined) {
        malformed.push({ path, text: match });
        return match;
      }
      const found = env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      missing.push({ path, variable: name });
      return '';
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => interpolateEnv(item, env, [...path, index], missing, malformed));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateEnv(item, env, [...path, key], missing, malformed)]));
  }
  return value;
}
