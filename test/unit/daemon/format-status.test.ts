import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../src/daemon/read-status.js';

describe('docsync status output', () => {
  it('shows each configured space as the API has it, or why it could not be read', () => {
    const text = formatStatus({
      spaces: [
        { spaceId: 'space-docs', title: 'Product docs', visibility: 'public' },
        { spaceId: 'space-gone', error: 'Space "space-gone" not found' },
      ],
      delivery: [],
      queues: {},
      targets: [],
      failures: [],
    });
    expect(text.split('\n').slice(0, 3)).toEqual([
      'spaces:',
      `  ${'space-docs'.padEnd(30)} Product docs (public)`,
      `  ${'space-gone'.padEnd(30)} unavailable: Space "space-gone" not found`,
    ]);
  });

  it('leaves the spaces section out when none is configured', () => {
    expect(formatStatus({ spaces: [], delivery: [], queues: {}, targets: [], failures: [] })).toMatch(/^queues/);
  });

  it('shows how each space target writes content, and what auto means on this API', () => {
    const text = formatStatus({
      spaces: [],
      delivery: [
        { target: 'docs', configured: 'auto', uses: 'changes' },
        { target: 'legacy', configured: 'import', uses: 'import' },
        { target: 'new', configured: 'auto', uses: 'undecided' },
      ],
      queues: {},
      targets: [],
      failures: [],
    });
    expect(text.split('\n').slice(0, 4)).toEqual([
      'delivery:',
      `  ${'docs'.padEnd(30)} auto (change batches, page by page)`,
      `  ${'legacy'.padEnd(30)} import`,
      `  ${'new'.padEnd(30)} auto (decided at the first sync)`,
    ]);
  });

  it('names the pages the last sync kept from the platform, what became of each, and their branch', () => {
    const platformEdits = {
      branch: 'docsync/platform-edits/docs',
      commit: '0123456789abcdef',
      pages: [
        { file: 'docs/guide.md', outcome: 'edited' as const },
        { file: 'docs/faq.md', outcome: 'conflict' as const, line: 7 },
      ],
      at: '2026-01-02T03:04:05.000Z',
    };
    const text = formatStatus({
      spaces: [],
      delivery: [],
      queues: {},
      targets: [{ key: 'space:docs', state: { reviewersRequested: [], syncedAt: 'then', platformEdits } }],
      failures: [],
    });
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.startsWith('  space:docs'));
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '    platform edits kept 2026-01-02T03:04:05.000Z on docsync/platform-edits/docs (commit 0123456789ab):',
      '      docs/guide.md  edited',
      '      docs/faq.md  conflict from line 7',
    ]);
  });
});
