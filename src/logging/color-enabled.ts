/**
 * Whether output meant for a person may carry ANSI colours. A non-empty `NO_COLOR` turns them off,
 * whatever else is set (no-color.org); else `FORCE_COLOR` decides when set (`0` or `false` turn
 * colours off, anything else on), as in Node; else colours go to a terminal that is not
 * `TERM=dumb`, and nowhere else.
 */
export function colorEnabled(isTTY: boolean, env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.trim().toLowerCase());
  return isTTY && env.TERM !== 'dumb';
}
