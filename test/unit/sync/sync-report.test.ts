import { describe, expect, it } from 'vitest';
import { formatAnnotations, formatHuman, formatStepSummary, summarize, type SyncReport } from '../../../src/cli/sync-report.js';
import type { SpaceSyncResult } from '../../../src/sync/sync-space.js';

const result = (outcome: SpaceSyncResult['outcome'], warnings: string[] = []): SpaceSyncResult => ({
  target: 'docs',
  outcome,
  contentHash: 'abcdef0123456789',
  pageCount: 3,
  plan: { target: 'docs', actions: [{ kind: 'import', into: 'change-request', contentHash: 'abcdef0123456789' }] },
  changeRequest: { id: 'cr1', number: 7 },
  warnings,
});

const report: SyncReport = {
  results: [result('updated', ['SUMMARY.md:4: gone.md not found; skipped'])],
  specs: [],
  failures: [{ target: 'api', error: 'Space "x" not found | 404\nretry', code: 'E_API_NOT_FOUND', exitCode: 6 }],
};

describe('sync report output', () => {
  it('counts outcomes and failures', () => {
    expect(summarize(report)).toMatchObject({ updated: 1, failed: 1, created: 0 });
  });

  it('prints the plan of a dry run and the warnings', () => {
    const text = formatHuman({ ...report, results: [result('planned')] }, true);
    expect(text).toContain('DRY-RUN: would import the bundle abcdef012345 into the change request');
    expect(formatHuman(report, false)).toContain('warning: SUMMARY.md:4');
  });

  it('escapes GitHub annotations and step summaries', () => {
    expect(formatAnnotations(report)).toContain('::error title=docsync api::Space "x" not found | 404%0Aretry');
    expect(formatAnnotations(report)).toContain('::warning title=docsync docs::SUMMARY.md:4');
    const summary = formatStepSummary(report);
    expect(summary).toContain('| docs | updated | 3 pages change request #7, 1 warnings |');
    expect(summary).toContain('Space "x" not found \\| 404 retry');
  });
});
