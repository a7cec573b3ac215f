import { describe, expect, it } from 'vitest';
import type { SiteRedirect } from '../../../../src/api/schemas/site-redirect.js';
import { planRedirects, redirectSource, type RedirectPlanInput } from '../../../../src/sync/redirects/plan-redirects.js';

const page = (pageId: string) => ({ kind: 'site-page', siteSpaceId: 'ss1', pageId });
const input = (over: Partial<RedirectPlanInput>): RedirectPlanInput => ({
  prefix: 'docs',
  siteSpaceId: 'ss1',
  fileRedirects: {},
  mainPages: new Map([
    ['p1', 'install'],
    ['p2', 'guides/ci'],
  ]),
  mainBlobs: new Map(),
  pageIdOf: (file) => ({ 'install.md': 'p1', 'guides/ci.md': 'p2' })[file],
  auto: true,
  made: [],
  last: undefined,
  live: [],
  ...over,
});

describe('planRedirects', () => {
  it('creates .gitbook.yaml redirects under the site space path, to the pages by id, and leaves live ones that match', () => {
    const live: SiteRedirect[] = [{ id: 'r1', source: '/docs/ci', destination: page('p2') }];
    const plan = planRedirects(input({ fileRedirects: { setup: 'install.md', ci: 'guides/ci.md' }, live }));
    expect(plan.actions).toEqual([{ kind: 'create', source: '/docs/setup', pageId: 'p1', why: '.gitbook.yaml: setup → install.md' }]);
    expect(plan.unchanged).toBe(1);
  });

  it('never changes nor deletes a redirect made in the platform; deletes only what it made', () => {
    const live: SiteRedirect[] = [
      { id: 'r1', source: '/docs/setup', destination: { kind: 'site-space', siteSpaceId: 'ss1' } },
      { id: 'r2', source: '/docs/gone', destination: page('p2') },
      { id: 'r3', source: '/by-hand', destination: page('p2') },
    ];
    const plan = planRedirects(input({ fileRedirects: { setup: 'install.md' }, live, made: ['/docs/gone'] }));
    expect(plan.actions).toEqual([{ kind: 'delete', source: '/docs/gone', id: 'r2' }]);
    expect(plan.warnings).toEqual([expect.stringContaining('redirect from /docs/setup: the site has one made in the platform')]);
  });

  it('gives a page that moved a redirect from its old path, unless a page lives there now; none with auto off', () => {
    const last = { moved: {}, pages: { p1: 'setup', p2: 'install' }, blobs: {} };
    const mainPages = new Map([
      ['p1', 'install'],
      ['p2', 'guides/ci'],
    ]);
    expect(planRedirects(input({ last, mainPages })).actions).toEqual([
      { kind: 'create', source: '/docs/setup', pageId: 'p1', why: 'page moved from /docs/setup' },
    ]);
    expect(planRedirects(input({ last, mainPages, auto: false })).actions).toEqual([]);
  });

  it('finds a page re-created under a new id by its blob id', () => {
    const last = { moved: {}, pages: { old: 'faq/big' }, blobs: { old: 'blob1' } };
    const plan = planRedirects(input({ last, mainPages: new Map([['new', 'faq/large']]), mainBlobs: new Map([['new', 'blob1']]) }));
    expect(plan.actions).toEqual([{ kind: 'create', source: '/docs/faq/big', pageId: 'new', why: 'page moved from /docs/faq/big' }]);
  });

  it('lists redirects to pages not in main as pending', () => {
    const plan = planRedirects(input({ fileRedirects: { later: 'new.md' } }));
    expect(plan).toMatchObject({ actions: [], pending: ['later → new.md'] });
  });

  it('keeps a redirect it made while the file still names it, even when its page is not in main for now', () => {
    const live: SiteRedirect[] = [{ id: 'r1', source: '/docs/later', destination: page('p9') }];
    const plan = planRedirects(input({ fileRedirects: { later: 'new.md' }, live, made: ['/docs/later'] }));
    expect(plan).toMatchObject({ actions: [], pending: ['later → new.md'], made: ['/docs/later'] });
  });

  it("plans a first sync without listing every page's path: a redirect can only hide a page once a page moved", () => {
    /** Main's pages, which fail the plan if it lists their paths. */
    class Unlisted extends Map<string, string> {
      override values(): MapIterator<string> {
        throw new Error("listed every page's path");
      }
    }
    const mainPages = new Unlisted([
      ['p1', 'install'],
      ['p2', 'guides/ci'],
    ]);
    const plan = planRedirects(input({ fileRedirects: { setup: 'install.md' }, mainPages, mainBlobs: new Map([['p1', 'b1']]) }));
    expect(plan.actions).toEqual([{ kind: 'create', source: '/docs/setup', pageId: 'p1', why: '.gitbook.yaml: setup → install.md' }]);
    expect(plan.pages.pages).toEqual({ p1: 'install', p2: 'guides/ci' });
  });
});

describe('redirectSource', () => {
  it('joins the prefix and the old path, encoding what a source path may not hold', () => {
    expect(redirectSource('docs', '/guides/old page.html')).toBe('/docs/guides/old%20page.html');
    expect(redirectSource('', 'a(1)/')).toBe('/a%281%29');
    expect(redirectSource('docs', '../x')).toBeUndefined();
  });
});
