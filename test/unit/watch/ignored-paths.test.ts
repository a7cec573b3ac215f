import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitRefsIgnored, isEditorTempFile, worktreeIgnored } from '../../../src/watch/ignored-paths.js';

const root = path.resolve('/srv/build/docs');
const at = (...parts: string[]): string => path.join(root, ...parts);

describe('worktreeIgnored', () => {
  const ignored = worktreeIgnored(root, [at('node_modules', 'kept.yaml')]);

  it('skips git internals, dependencies and docsync state below the root', () => {
    for (const dir of ['.git', 'node_modules', '.docsync']) {
      expect(ignored(at(dir)), dir).toBe(true);
      expect(ignored(at('guide', dir, 'x.md')), dir).toBe(true);
    }
  });

  it('watches build output a sync would read (nothing ignores it here)', () => {
    for (const dir of ['dist', 'build', '_book']) expect(ignored(at('guide', dir, 'x.md')), dir).toBe(false);
  });

  it('keeps docs, assets, the root itself even under a "build" folder, and files listed to keep', () => {
    expect(ignored(root)).toBe(false);
    expect(ignored(at('README.md'))).toBe(false);
    expect(ignored(at('.gitbook', 'assets', 'a b.png'))).toBe(false);
    expect(ignored(at('distribution.md'))).toBe(false);
    expect(ignored(at('node_modules', 'kept.yaml'))).toBe(false);
    expect(ignored(path.resolve('/srv/specs/openapi.yaml'))).toBe(false);
  });

  it('skips editor temp files anywhere', () => {
    for (const name of ['.page.md.swp', 'page.md.swo', 'page.md~', '.#page.md', '4913']) {
      expect(isEditorTempFile(name), name).toBe(true);
      expect(ignored(at('guide', name)), name).toBe(true);
    }
    expect(isEditorTempFile('page.md')).toBe(false);
    expect(isEditorTempFile('49130.md')).toBe(false);
  });
});

describe('gitRefsIgnored', () => {
  const common = path.resolve('/repo/.git');
  const gitDir = path.join(common, 'worktrees', 'wt');
  const ignored = gitRefsIgnored(gitDir, common);

  it('keeps only HEAD, refs and packed-refs (and the folders leading to them)', () => {
    expect(ignored(common)).toBe(false);
    expect(ignored(gitDir)).toBe(false);
    expect(ignored(path.join(gitDir, 'HEAD'))).toBe(false);
    expect(ignored(path.join(common, 'packed-refs'))).toBe(false);
    expect(ignored(path.join(common, 'refs'))).toBe(false);
    expect(ignored(path.join(common, 'refs', 'heads', 'feature', 'x'))).toBe(false);
    expect(ignored(path.join(common, 'objects'))).toBe(true);
    expect(ignored(path.join(common, 'index'))).toBe(true);
    expect(ignored(path.join(common, 'logs', 'HEAD'))).toBe(true);
    expect(ignored(path.join(common, 'worktrees'))).toBe(true);
    expect(ignored(path.join(common, 'refs', 'heads', 'main.lock'))).toBe(true);
    expect(ignored(path.join(common, 'refsy'))).toBe(true);
  });
});
