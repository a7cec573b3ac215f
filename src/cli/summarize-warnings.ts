/** Warnings of one kind beyond this many are summed up in one line. */
const SHOWN = 3;

/**
 * Warnings for a person: those of one kind (the same words once file, line and quoted names are set
 * aside, such as 58 redirects to missing pages) beyond {@link SHOWN} become one line with their count
 * and the first few, so they do not bury the rest. `--json` keeps every one.
 */
export function summarizeWarnings(warnings: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const warning of warnings) {
    const kind = kindOf(warning);
    const group = groups.get(kind);
    if (group === undefined) groups.set(kind, [warning]);
    else group.push(warning);
  }
  return [...groups.values()].flatMap((group) =>
    group.length <= SHOWN ? group : [`${group.length} alike (all in --json), such as: ${group.slice(0, SHOWN).join(' · ')}`],
  );
}

/** The words of a warning without its `file:line:` start, quoted names, paths and numbers. */
function kindOf(warning: string): string {
  return warning
    .replace(/^[^\s:]+(?::\d+)*:\s*/, '')
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '""')
    .replace(/\S*[/.]\S*/g, '·')
    .replace(/\d+/g, '0');
}
