/**
 * Replaces `${VAR}` and `${VAR:-default}` in every string of a parsed YAML value, so secrets stay in
 * the environment. `$${` escapes a literal `${`. Unknown variables are reported with their path.
 */
export function interpolateEnv(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  path: (string | number)[] = [],
  missing: { path: (string | number)[]; variable: string }[] = [],
): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$?\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (match, name: string, fallback?: string) => {
      if (match.startsWith('$$')) return match.slice(1);
      const found = env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      missing.push({ path, variable: name });
      return '';
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => interpolateEnv(item, env, [...path, index], missing));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateEnv(item, env, [...path, key], missing)]),
    );
  }
  return value;
}
