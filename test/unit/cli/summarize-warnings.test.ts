import { describe, expect, it } from 'vitest';
import { summarizeWarnings } from '../../../src/cli/summarize-warnings.js';

const missing = (n: number): string =>
  `.gitbook.yaml:${n + 7}: redirect "old/page-${n}" points at guides/gone-${n}.md, which does not exist under the docs root`;

describe('summarizeWarnings', () => {
  it('sums up many warnings of one kind in one line with their count and the first three, keeping the others', () => {
    const warnings = [...Array.from({ length: 58 }, (_, n) => missing(n)), 'SUMMARY.md:3: "intro.md" is listed twice; the second entry skipped'];
    const lines = summarizeWarnings(warnings);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`58 alike (all in --json), such as: ${missing(0)} · ${missing(1)} · ${missing(2)}`);
    expect(lines[1]).toBe(warnings.at(-1));
  });

  it('leaves three or fewer of a kind as they are, in order', () => {
    const warnings = [missing(1), 'SUMMARY.md:3: "intro.md" is listed twice; the second entry skipped', missing(2)];
    expect(summarizeWarnings(warnings)).toEqual([missing(1), missing(2), warnings[1]]);
  });
});
