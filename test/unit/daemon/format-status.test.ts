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
});
