import { describe, expect, it } from 'vitest';
import type { File, Page } from '../../../src/api/schemas/content.js';
import { planPullLayout } from '../../../src/sync/pull/pull-layout.js';

const page = (id: string, title: string, path: string, gitPath?: string): Page => ({
  id,
  title,
  type: 'document',
  path,
  ...(gitPath === undefined ? {} : { git: { oid: 'a'.repeat(40), path: gitPath } }),
});
const file = (id: string, name: string, gitPath: string): File => ({
  id,
  name,
  contentType: 'text/plain',
  downloadURL: `https://files.example/${id}`,
  size: 1,
  git: { oid: 'b'.repeat(40), path: gitPath },
});

const HOME = page('p0', 'Home', 'home', 'README.md');

describe('planPullLayout: where a space may not write', () => {
  it('places a page whose path holds a NUL byte at a path a file system takes, with a warning naming it', () => {
    const layout = planPullLayout([HOME, page('p1', 'Odd', 'guides/od\u0000d', 'guides/od\u0000d.md')], []);
    expect(layout.pages.map((p) => p.file)).toEqual(['README.md', 'guides/od-d.md']);
    expect(layout.warnings).toEqual(['page "Odd" has a control character in its git path: written where docsync places it instead']);
  });

  it('keeps a file named with control characters out of the file system’s way', () => {
    const layout = planPullLayout([HOME], [{ ...file('f1', 'a\u0000b\nc.png', 'x'), git: undefined }]);
    expect(layout.assets.map((a) => a.path)).toEqual(['.gitbook/assets/a_b_c.png']);
  });

  it('does not plant a CI workflow or replace docsync.yaml: such git paths are warned about and laid out as docsync places them', () => {
    const layout = planPullLayout(
      [HOME, page('p1', 'Hook', 'hook', '.husky/hook.md')],
      [file('f1', 'x.yml', '.github/workflows/x.yml'), file('f2', 'docsync.yaml', 'docsync.yaml'), file('f3', 'logo.png', '.gitbook/assets/logo.png')],
    );
    expect(layout.pages.map((p) => p.file)).toEqual(['README.md', 'hook.md']);
    expect(layout.assets.map((a) => a.path)).toEqual(['.gitbook/assets/x.yml', '.gitbook/assets/docsync.yaml', '.gitbook/assets/logo.png']);
    expect(layout.warnings).toEqual([
      'page "Hook" was synced from .husky/hook.md, outside the docs layout: written where docsync places it instead (--any-path keeps its path)',
      'file "x.yml" was synced from .github/workflows/x.yml, outside the docs layout: written where docsync places it instead (--any-path keeps its path)',
      'file "docsync.yaml" was synced from docsync.yaml, outside the docs layout: written where docsync places it instead (--any-path keeps its path)',
    ]);
  });

  it('keeps those paths when asked (--any-path), and docsync.yaml below the top is docs content', () => {
    const layout = planPullLayout(
      [HOME],
      [file('f1', 'x.yml', '.github/workflows/x.yml'), file('f2', 'docsync.yaml', 'guides/docsync.yaml')],
      '',
      'SUMMARY.md',
      true,
    );
    expect(layout.assets.map((a) => a.path)).toEqual(['.github/workflows/x.yml', 'guides/docsync.yaml']);
    expect(layout.warnings).toEqual([]);
    const unasked = planPullLayout([HOME], [file('f2', 'docsync.yaml', 'guides/docsync.yaml')]);
    expect(unasked.assets.map((a) => a.path)).toEqual(['guides/docsync.yaml']);
  });
});

describe('planPullLayout: the readme', () => {
  const guides: Page = { ...page('p1', 'Guides', 'guides'), pages: [page('p2', 'Install', 'guides/install')] };

  it('makes the first page the readme file it is given when nothing else claims it, and none when the repo has none', () => {
    expect(planPullLayout([guides], []).pages.map((p) => p.file)).toEqual(['README.md', 'install.md']);
    expect(planPullLayout([guides], [], 'docs', 'SUMMARY.md', false, undefined, 'intro.md').pages.map((p) => p.file)).toEqual([
      'docs/intro.md',
      'docs/intro/install.md',
    ]);
    expect(planPullLayout([guides], [], '', 'SUMMARY.md', false, undefined, null).pages.map((p) => p.file)).toEqual(['guides/README.md', 'guides/install.md']);
  });
});
