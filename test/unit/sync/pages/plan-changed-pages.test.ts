import { describe, expect, it } from 'vitest';
import { pageHash } from '../../../../src/sync/pages/desired-pages.js';
import { holdsLanded, planChangedPages } from '../../../../src/sync/pages/plan-changed-pages.js';

const files = {
  'README.md': { path: 'README.md', size: 7, oid: 'home-2', title: 'Home' },
  'guide.md': { path: 'guide.md', size: 9, oid: 'guide-1', title: 'Guide' },
  'logo.png': { path: 'logo.png', size: 3, oid: 'logo-2', title: undefined },
};
const delivered = {
  pages: new Map(Object.entries({ 'README.md': { id: 'p1', hash: pageHash('home-1', 'Home') }, 'guide.md': { id: 'p2', hash: pageHash('guide-1', 'Guide') } })),
  files: new Map([['logo.png', { id: 'f1', hash: 'logo-1' }]]),
};
const landed = { hash: 'content-1', revision: 'cr-rev', mergedOnto: 'main-rev' };
const content = (paths: (keyof typeof files)[]) => ({ pageCount: 2, changed: { since: 'content-1', files: paths.map((path) => files[path]) } });

describe('planChangedPages', () => {
  it('rewrites the changed pages alone, by their recorded ids, on the revision the last sync left or its merge onto an unchanged main', () => {
    for (const revision of [
      { id: 'cr-rev', parents: ['main-rev'] },
      { id: 'merged', parents: ['main-rev', 'cr-rev'] },
    ]) {
      const planned = planChangedPages(revision, content(['README.md']), delivered, landed);
      expect(planned?.plan.changes).toEqual([{ kind: 'update-page', id: 'p1', path: 'README.md', document: true, title: 'Home' }]);
      expect(planned).toMatchObject({ fromChanges: true, revision: revision.id, diff: { changed: ['README.md'], unchanged: 1 } });
    }
  });

  it('leaves the plan to a whole one when the live revision moved on, the record or read is of other content, or an asset changed', () => {
    const moved = { id: 'merged', parents: ['other-main', 'cr-rev'] };
    expect(holdsLanded(moved, landed)).toBe(false);
    expect(planChangedPages(moved, content(['README.md']), delivered, landed)).toBeUndefined();
    expect(planChangedPages({ id: 'cr-rev', parents: [] }, content(['README.md']), delivered, { ...landed, hash: 'content-0' })).toBeUndefined();
    expect(planChangedPages({ id: 'cr-rev', parents: [] }, { pageCount: 2, changed: undefined }, delivered, landed)).toBeUndefined();
    expect(planChangedPages({ id: 'cr-rev', parents: [] }, content(['logo.png']), delivered, landed)).toBeUndefined();
    expect(planChangedPages({ id: 'cr-rev', parents: [] }, content(['README.md']), undefined, landed)).toBeUndefined();
  });

  it("leaves a changed page recorded by id only (what went live was not git's) to a whole plan, which compares it with the live one", () => {
    const byId = {
      ...delivered,
      pages: new Map<string, { id: string; hash: string | undefined }>([...delivered.pages, ['README.md', { id: 'p1', hash: undefined }]]),
    };
    expect(planChangedPages({ id: 'cr-rev', parents: [] }, content(['README.md']), byId, landed)).toBeUndefined();
  });
});
