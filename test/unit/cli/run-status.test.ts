import { describe, expect, it } from 'vitest';
import { runStatus } from '../../../src/cli/sync-report.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { PLATFORM_EDITS_CONFLICT, type SyncReport } from '../../../src/runtime/sync-report.js';

const report = (failures: SyncReport['failures'], writes = 0): SyncReport => ({ results: [], specs: [], failures, writes, archived: [] });
const conflict = { target: 'docs', code: PLATFORM_EDITS_CONFLICT, error: 'pages clash', exitCode: EXIT.platformEditsConflict };
const failed = { target: 'api', code: 'E_API_NOT_FOUND', error: 'not found', exitCode: EXIT.api };

describe("runStatus (the action's `status` output)", () => {
  it('is `conflict` when every failure is a platform-edits conflict', () => {
    expect(runStatus(report([conflict], 3), false)).toBe('conflict');
  });

  it('is `failed` when any other failure is among them', () => {
    expect(runStatus(report([conflict, failed]), false)).toBe('failed');
    expect(runStatus(report([failed]), false)).toBe('failed');
  });

  it('is `synced`, `unchanged` or `planned` without failures', () => {
    expect(runStatus(report([], 2), false)).toBe('synced');
    expect(runStatus(report([]), false)).toBe('unchanged');
    expect(runStatus(report([]), true)).toBe('planned');
  });
});
