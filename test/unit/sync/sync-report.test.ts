import { describe, expect, it } from 'vitest';
import { formatAnnotations, formatHuman, formatJson, formatStepSummary, placeWarning, summarize, syncOutputs } from '../../../src/cli/sync-report.js';
import type { SyncReport } from '../../../src/runtime/sync-report.js';
import type { SpaceSyncResult } from '../../../src/sync/sync-space.js';

const result = (outcome: SpaceSyncResult['outcome'], warnings: string[] = []): SpaceSyncResult => ({
  target: 'docs',
  outcome,
  contentHash: 'abcdef0123456789',
  pageCount: 3,
  delivery: 'import',
  plan: { target: 'docs', actions: [{ kind: 'import', into: 'change-request', contentHash: 'abcdef0123456789' }] },
  changeRequest: { id: 'cr1', number: 7 },
  warnings,
  timings: { readMs: 12, planMs: 2, bundleMs: 3, uploadMs: 1, apiMs: 40, totalMs: 60 },
});

const report: SyncReport = {
  results: [result('updated', ['SUMMARY.md:4: gone.md not found; skipped'])],
  specs: [],
  failures: [{ target: 'api', error: 'Space "x" not found | 404\nretry', code: 'E_API_NOT_FOUND', exitCode: 6 }],
  writes: 2,
  archived: [],
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

  it('escapes GitHub annotations and places content warnings on their file and line', () => {
    const annotations = formatAnnotations(report, (target, file) => `site/${file}`);
    expect(annotations).toContain('::error title=docsync api::Space "x" not found | 404%0Aretry');
    expect(annotations).toContain('::warning file=site/SUMMARY.md,line=4,title=docsync docs::gone.md not found; skipped');
    const unplaced = formatAnnotations({ ...report, results: [result('updated', ['the docs folder has no SUMMARY.md'])] });
    expect(unplaced).toContain('::warning title=docsync docs::the docs folder has no SUMMARY.md');
  });

  it('keeps the content warnings of a target that failed after its docs were read', () => {
    const failed: SyncReport = {
      ...report,
      results: [],
      failures: [
        {
          target: 'docs',
          error: 'The bundle is 2.9 MiB, over the import limit',
          code: 'E_CONTENT_TOO_LARGE',
          exitCode: 2,
          warnings: ['SUMMARY.md:4: "../x.md" points outside the docs root; entry skipped'],
        },
      ],
    };
    expect(formatHuman(failed, false)).toContain(
      'failed   docs  The bundle is 2.9 MiB, over the import limit\n         warning: SUMMARY.md:4: "../x.md" points outside',
    );
    expect(formatAnnotations(failed)).toContain('::warning file=SUMMARY.md,line=4,title=docsync docs::"../x.md" points outside the docs root; entry skipped');
    expect(formatStepSummary(failed)).toContain(
      '| docs | **failed** | The bundle is 2.9 MiB, over the import limit<br>warnings 1: SUMMARY.md:4: "../x.md" points outside',
    );
  });

  it('lists in a dry run the pages and the files the import would add, change and remove', () => {
    const planned: SpaceSyncResult = {
      ...result('planned'),
      diff: {
        added: ['guide/setup.md'],
        changed: [],
        removed: ['old.md'],
        unchanged: 2,
        files: { added: ['.gitbook/assets/new.png'], changed: [], removed: ['.gitbook/assets/gone.png', '.gitbook/assets/also-gone.png'] },
      },
    };
    const text = formatHuman({ ...report, results: [planned] }, true);
    expect(text).toContain('pages versus live: 1 added, 0 changed, 1 removed, 2 unchanged\n           + guide/setup.md\n           - old.md\n');
    expect(text).toContain(
      'files versus live: 1 added, 0 changed, 2 removed\n           + .gitbook/assets/new.png\n           - .gitbook/assets/gone.png\n           - .gitbook/assets/also-gone.png\n',
    );
  });

  it('splits a warning into file, line and message', () => {
    expect(placeWarning('content/SUMMARY.md:4: "gone.md" not found')).toEqual({ file: 'content/SUMMARY.md', line: 4, message: '"gone.md" not found' });
    expect(placeWarning('content/SUMMARY.md: file is not listed')).toEqual({ file: 'content/SUMMARY.md', message: 'file is not listed' });
    expect(placeWarning('no file here: at all')).toEqual({ message: 'no file here: at all' });
  });

  it('writes a step summary table per target: outcome, change request link, pages with titles', () => {
    const synced: SpaceSyncResult = {
      ...result('created', ['SUMMARY.md:4: gone.md not found; skipped']),
      changeRequest: { id: 'cr1', number: 7, url: 'https://app.example/cr/7' },
      diff: {
        added: ['guide/setup.md'],
        changed: ['README.md'],
        removed: ['old.md', '(no source file) notes'],
        unchanged: 4,
        files: { added: [], changed: [], removed: [] },
        titles: { 'guide/setup.md': 'Set | up', 'README.md': 'Home', 'old.md': 'Old page', '(no source file) notes': 'Notes' },
      },
    };
    const summary = formatStepSummary({ ...report, results: [synced] });
    expect(summary).toContain('1 created, 1 failed');
    expect(summary).toContain(
      [
        '| `docs` | |',
        '|---|---|',
        '| outcome | created |',
        '| change request | [#7](https://app.example/cr/7) |',
        '| added: 1 | Set \\| up (`guide/setup.md`) |',
        '| changed: 1 | Home (`README.md`) |',
        '| removed: 2 | Old page (`old.md`), Notes (`notes`, made in the editor) |',
        '| unchanged | 4 |',
        '| warnings | 1: SUMMARY.md:4: gone.md not found; skipped |',
      ].join('\n'),
    );
    expect(summary).toContain('| api | **failed** | Space "x" not found \\| 404 retry |');
  });

  it('gives the workflow the first change request link, one status word and the write count', () => {
    const withUrl = { ...report, results: [{ ...result('updated'), changeRequest: { id: 'cr1', number: 7, url: 'https://app.example/cr/7' } }] };
    expect(syncOutputs(withUrl, false)).toEqual({
      'change-request-url': 'https://app.example/cr/7',
      status: 'failed',
      writes: '2',
      'platform-edits-branch': '',
      conflicts: '0',
    });
    expect(syncOutputs({ ...withUrl, failures: [] }, false).status).toBe('synced');
    expect(syncOutputs({ ...withUrl, failures: [], writes: 0 }, false).status).toBe('unchanged');
    expect(syncOutputs({ ...withUrl, failures: [], writes: 0 }, true).status).toBe('planned');
  });

  it('names the platform-edits branch that got a commit and counts the conflicts', () => {
    const pages = [
      { file: 'docs/a.md', outcome: 'edited' as const },
      { file: 'docs/b.md', outcome: 'conflict' as const, line: 3 },
    ];
    const kept = {
      ...result('imported'),
      platformEdits: { mode: 'preserve' as const, branch: 'docsync/platform-edits/docs', remote: 'origin', commit: 'abc', pages, conflicts: 1, pushed: true },
    };
    expect(syncOutputs({ ...report, results: [kept] }, false)).toMatchObject({ 'platform-edits-branch': 'docsync/platform-edits/docs', conflicts: '1' });
    const dry = {
      ...kept,
      platformEdits: { mode: 'preserve' as const, branch: 'docsync/platform-edits/docs', remote: 'origin', pages, conflicts: 1, pushed: false },
    };
    expect(syncOutputs({ ...report, results: [dry] }, true)).toMatchObject({ 'platform-edits-branch': '', conflicts: '1' });
  });

  it('names the platform edits kept, the branch and its remote, in the human output and the step summary', () => {
    const pages = [
      { file: 'docs/a.md', outcome: 'edited' as const },
      { file: 'docs/b.md', outcome: 'conflict' as const, line: 3 },
    ];
    const edits = {
      mode: 'preserve' as const,
      branch: 'docsync/platform-edits/docs',
      remote: 'origin',
      commit: 'abcdef0123456789',
      pages,
      conflicts: 1,
      pushed: true,
    };
    const kept: SyncReport = { ...report, results: [{ ...result('imported'), platformEdits: edits }] };
    const human = formatHuman(kept, false);
    expect(human).toContain(
      "platform edits: 2 pages committed to the branch docsync/platform-edits/docs on origin (commit abcdef012345, pushed); git's version goes live",
    );
    expect(human).toContain('edited in the platform: docs/a.md');
    expect(human).toContain('edited on both sides, conflict markers from line 3: docs/b.md');
    expect(formatStepSummary(kept)).toContain(
      "| platform edits | platform edits: 2 pages committed to the branch docsync/platform-edits/docs on origin (commit abcdef012345, pushed); git's version goes live<br>edited in the platform: docs/a.md<br>",
    );
    // A dry run says which changes are platform edits, and that nothing was committed.
    const dry: SyncReport = { ...report, results: [{ ...result('planned'), platformEdits: { ...edits, mode: 'adopt', commit: undefined, pushed: false } }] };
    expect(formatHuman(dry, true)).toContain(
      "platform edits: 2 pages would be committed to the branch docsync/platform-edits/docs on origin, and the platform's version stays live",
    );
  });

  it('annotates markers still on the branch from an earlier run on their file', () => {
    const failure = {
      target: 'docs',
      error: 'conflict markers are still on the branch b (docs/a.md:3)',
      code: 'E_PLATFORM_EDITS_CONFLICT',
      exitCode: 8,
      file: 'docs/a.md',
    };
    expect(formatAnnotations({ ...report, results: [result('skipped')], failures: [failure] })).toContain(
      '::error file=docs/a.md,title=docsync docs%3A platform edit conflict::conflict markers are still on the branch b (docs/a.md:3)',
    );
  });

  it("says under adopt that the platform's version of a clashing page stayed live", () => {
    const pages = [{ file: 'docs/b.md', outcome: 'conflict' as const, line: 3 }];
    const edits = { mode: 'adopt' as const, branch: 'docsync/platform-edits/docs', remote: 'origin', commit: 'abc', pages, conflicts: 1, pushed: true };
    const annotations = formatAnnotations({ ...report, results: [{ ...result('imported'), platformEdits: edits }], failures: [] });
    expect(annotations).toContain("the platform's version stayed live");
    expect(annotations).not.toContain("git's version went live");
  });

  it('annotates each clashing page on its file and line, and counts the conflicts in --json', () => {
    const pages = [
      { file: 'docs/a.md', outcome: 'edited' as const },
      { file: 'docs/b,c.md', outcome: 'conflict' as const, line: 3 },
    ];
    const kept = {
      ...result('imported'),
      platformEdits: { mode: 'preserve' as const, branch: 'docsync/platform-edits/docs', remote: 'origin', commit: 'abc', pages, conflicts: 1, pushed: true },
    };
    const failure = {
      target: 'docs',
      error: 'pages edited both in the platform and in git clash (docs/b,c.md:3)',
      code: 'E_PLATFORM_EDITS_CONFLICT',
      exitCode: 8,
    };
    const clashed: SyncReport = { ...report, results: [kept], failures: [failure] };
    const annotations = formatAnnotations(clashed);
    expect(annotations).toMatch(
      /^::error file=docs\/b%2Cc\.md,line=3,title=docsync docs%3A platform edit conflict::edited both in the platform and in git in the same lines: .*docsync\/platform-edits\/docs/m,
    );
    expect(annotations).not.toContain('docs/a.md');
    expect(annotations.match(/::error/g)).toHaveLength(1);
    const json = JSON.parse(formatJson(clashed)) as { conflicts: number; error: { exitCode: number } };
    expect(json.conflicts).toBe(1);
    expect(json.error.exitCode).toBe(8);
    expect((JSON.parse(formatJson(report)) as { conflicts: number }).conflicts).toBe(0);
  });
});

describe('server text in the report', () => {
  const hostile: SyncReport = {
    results: [{ ...result('updated', ['a.md: \u001b[2Jcleared']), changeRequest: { id: 'cr1', number: 7, url: 'https://x/cr\n::set-output name=x::1' } }],
    specs: [],
    failures: [{ target: 'docs', error: 'The API answered 500 (API: "boom\n::warning::planted\r\n::add-mask::x")', code: 'E_API_SERVER', exitCode: 7 }],
    writes: 0,
    archived: [],
  };

  it('never becomes a line of its own, a workflow command or a terminal escape', () => {
    for (const text of [formatHuman(hostile, false), formatStepSummary(hostile)]) {
      for (const line of text.split('\n')) expect(line.trimStart()).not.toMatch(/^::/);
      expect(text).not.toContain('\u001b');
    }
    // docsync's own two annotations, and nothing the server planted.
    const annotations = formatAnnotations(hostile).trimEnd().split('\n');
    expect(annotations.map((line) => line.slice(0, line.indexOf(' ')))).toEqual(['::warning', '::error']);
    expect(annotations.join('\n')).not.toContain('\u001b');
    const human = formatHuman(hostile, false);
    expect(human).toContain('failed   docs  The API answered 500 (API: "boom\\n: :warning: :planted\\r\\n: :add-mask: :x")');
    expect(human).toContain('warning: a.md: \\u001b[2Jcleared');
    expect(formatAnnotations(hostile)).toContain('::error title=docsync docs::The API answered 500 (API: "boom%0A: :warning: :planted%0D%0A: :add-mask: :x")');
  });
});
