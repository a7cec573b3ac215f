import { describe, expect, it } from 'vitest';
import { assertPageDepth, assertPullRoot, guardPullPaths, MAX_PAGE_DEPTH } from '../../../src/sync/pull/pull-write-guard.js';

const DIR = '/repo';
const STRUCTURE = ['.gitbook.yaml', 'SUMMARY.md'];
const CI_AND_TOOL_FILES = [
  '.gitlab-ci.yml',
  'package.json',
  '.npmrc',
  'Makefile',
  '.envrc',
  '.pre-commit-config.yaml',
  'Jenkinsfile',
  'bitbucket-pipelines.yml',
  '.travis.yml',
  '.gitattributes',
  '.gitmodules',
  '.gitignore',
];

describe('guardPullPaths', () => {
  it('skips and lists every top-level file that is not documentation, keeping pages, structure files and assets', () => {
    const paths = [...STRUCTURE, 'README.md', 'guide/setup.md', '.gitbook/assets/logo.png', 'images/shot.png', ...CI_AND_TOOL_FILES];
    const guarded = guardPullPaths(DIR, paths, false, STRUCTURE);
    expect([...guarded.skipped].sort()).toEqual([...CI_AND_TOOL_FILES].sort());
    expect(guarded.warnings).toContain(
      "package.json: a file of the space at the folder's top that is not documentation (a page or an asset); skipped (--any-path writes it)",
    );
  });

  it('writes them with --any-path', () => {
    expect(guardPullPaths(DIR, CI_AND_TOOL_FILES, true, STRUCTURE).skipped.size).toBe(0);
  });

  it('refuses a path inside .git in any case, with --any-path too', () => {
    for (const bad of ['.git/config', '.GIT/hooks/post-checkout', 'docs/.Git/x.md', '.git./hooks/x']) {
      expect(() => guardPullPaths(DIR, [bad], true, STRUCTURE)).toThrow('inside the .git folder');
    }
    expect(() => guardPullPaths(DIR, ['.github/workflows/x.yml', '.gitbook/assets/a.png'], true, STRUCTURE)).not.toThrow();
  });

  it('refuses a name or a path no file system takes, naming it shortened', () => {
    const longName = `${'a'.repeat(5000)}.md`;
    expect(() => guardPullPaths(DIR, [longName], false, STRUCTURE)).toThrow(
      /aaaa…a+\.md \(5003 characters\): a page or file of the space has a name of 5003 bytes/,
    );
    const deep = `${Array.from({ length: 500 }, () => 'folder-name').join('/')}/page.md`;
    expect(() => guardPullPaths(DIR, [deep], false, STRUCTURE)).toThrow('longer than the 4096 bytes');
  });
});

describe('assertPullRoot', () => {
  it('refuses a docs root or a folder inside .git', () => {
    expect(() => assertPullRoot(DIR, './.git/')).toThrow('/repo/.gitbook.yaml: its root "./.git/" is inside the .git folder');
    expect(() => assertPullRoot('/repo/.GIT/hooks', '')).toThrow('is inside a .git folder');
    expect(() => assertPullRoot(DIR, 'docs/')).not.toThrow();
  });
});

describe('assertPageDepth', () => {
  it('refuses a tree 20,000 levels deep without overflowing the stack, and takes one of MAX_PAGE_DEPTH', () => {
    const chain = (levels: number): { title: string; pages: unknown[] }[] => {
      let pages: { title: string; pages: unknown[] }[] = [];
      for (let level = levels; level >= 1; level--) pages = [{ title: `level ${level}`, pages }];
      return pages;
    };
    expect(() => assertPageDepth(DIR, chain(20_000))).toThrow(`nest more than ${MAX_PAGE_DEPTH} levels deep (under "level ${MAX_PAGE_DEPTH + 1}")`);
    expect(() => assertPageDepth(DIR, chain(MAX_PAGE_DEPTH))).not.toThrow();
  });
});
