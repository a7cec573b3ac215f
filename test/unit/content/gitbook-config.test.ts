import { describe, expect, it } from 'vitest';
import { DEFAULT_GITBOOK_CONFIG, formatGitbookConfig, parseGitbookConfig } from '../../../src/content/gitbook/gitbook-config.js';

describe('parseGitbookConfig', () => {
  it('reads root, structure and redirects, normalising paths', () => {
    const parsed = parseGitbookConfig(
      [
        'root: ./docs/',
        'structure:',
        '  readme: ./intro.md',
        '  summary: toc/SUMMARY.md',
        'redirects:',
        '  old/page: ./new/page.md',
        '  help: support/README.md',
      ].join('\n'),
    );
    expect(parsed.warnings).toEqual([]);
    expect(parsed.config).toEqual({
      root: 'docs',
      structure: { readme: 'intro.md', summary: 'toc/SUMMARY.md' },
      redirects: { 'old/page': 'new/page.md', help: 'support/README.md' },
    });
    expect(parsed.rootLine).toBe(1);
  });

  it('defaults everything for an empty file or one with only comments', () => {
    expect(parseGitbookConfig('')).toEqual({ config: DEFAULT_GITBOOK_CONFIG, warnings: [], rootLine: undefined, redirectLines: {} });
    expect(parseGitbookConfig('# nothing here\n').config).toEqual(DEFAULT_GITBOOK_CONFIG);
  });

  it('defaults what is left out', () => {
    expect(parseGitbookConfig('structure:\n  summary: toc.md\n').config).toEqual({
      root: '',
      structure: { readme: 'README.md', summary: 'toc.md' },
      redirects: {},
    });
  });

  it('takes junk in stride: zero-width spaces around keys, trailing spaces, CRLF, a BOM, tab indents', () => {
    const junk =
      '\uFEFFroot: ./content/   \r\n\u200Bstructure:\u200B \r\n\treadme:\u200B README.md  \r\n\tsummary: SUMMARY.md\t\r\nredirects: \r\n  a\u200B: b.md \r\n';
    const parsed = parseGitbookConfig(junk);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.config).toEqual({ root: 'content', structure: { readme: 'README.md', summary: 'SUMMARY.md' }, redirects: { a: 'b.md' } });
  });

  it('warns, naming the file and line, when it is not UTF-8 (latin-1), and reads it as decoded', () => {
    const text = new TextDecoder().decode(Buffer.from('root: ./docs/\nredirects:\n  caf\u00e9: page.md\n', 'latin1'));
    const parsed = parseGitbookConfig(text, 'docs/.gitbook.yaml');
    expect(parsed.warnings).toContain('docs/.gitbook.yaml:3: not UTF-8 (an unreadable byte became "\uFFFD"); paths may be garbled: save the file as UTF-8');
    expect(parsed.config.root).toBe('docs');
  });

  it('gives defaults and one warning naming the file and line when YAML cannot parse it', () => {
    const parsed = parseGitbookConfig('root: ./\nstructure:\n  readme: a.md: b\n  summary: x.md\n', 'site/.gitbook.yaml');
    expect(parsed.config).toEqual(DEFAULT_GITBOOK_CONFIG);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/^site\/\.gitbook\.yaml:3: not valid YAML \(.+\); using defaults$/);
  });

  it('warns about a bad field, naming its line, and defaults only that field', () => {
    const parsed = parseGitbookConfig(
      ['root: ../outside', 'structure:', '  readme: [1, 2]', '  summary: SUMMARY.md', 'redirects:', '  gone: 42', '  kept: page.md'].join('\n'),
    );
    expect(parsed.config).toEqual({ root: '', structure: { readme: 'README.md', summary: 'SUMMARY.md' }, redirects: { kept: 'page.md' } });
    expect(parsed.warnings).toEqual([
      '.gitbook.yaml:1: root must be a path inside the repository; using "./"',
      '.gitbook.yaml:3: structure.readme must be a path inside the repository; using "README.md"',
      '.gitbook.yaml:6: redirect "gone" needs a page path inside the docs root; skipped',
    ]);
  });

  it('warns about each unknown key, naming its line and the key it most likely meant, and reads the rest', () => {
    const parsed = parseGitbookConfig('root: ./docs/\nstrcture:\n  readme: intro.md\nstructure:\n  sumary: toc.md\nfrobnicate: 1\n');
    expect(parsed.config).toEqual({ root: 'docs', structure: { readme: 'README.md', summary: 'SUMMARY.md' }, redirects: {} });
    expect(parsed.warnings).toEqual([
      '.gitbook.yaml:2: unknown key "strcture" (did you mean `structure`?); GitBook reads root, structure, redirects here: ignored',
      '.gitbook.yaml:6: unknown key "frobnicate"; GitBook reads root, structure, redirects here: ignored',
      '.gitbook.yaml:5: unknown key "structure.sumary" (did you mean `summary`?); GitBook reads readme, summary here: ignored',
    ]);
  });

  it('stops at YAML aliases that expand too far: one warning naming the file and line, and the defaults', () => {
    const lines = ['root: ./', 'l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 10; i++) lines.push(`l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(', ')}]`);
    const parsed = parseGitbookConfig(`${lines.join('\n')}\n`);
    expect(parsed.config).toEqual(DEFAULT_GITBOOK_CONFIG);
    expect(parsed.warnings).toEqual([
      '.gitbook.yaml:3: its YAML aliases expand past 100 nodes each (nested aliases, a "billion laughs"); write the repeated values out; using defaults',
    ]);
  });

  it('warns when the top level is not a mapping', () => {
    const parsed = parseGitbookConfig('- just\n- a list\n');
    expect(parsed.config).toEqual(DEFAULT_GITBOOK_CONFIG);
    expect(parsed.warnings).toEqual(['.gitbook.yaml:1: expected a mapping of root, structure and redirects; using defaults']);
  });
});

describe('formatGitbookConfig', () => {
  it('writes a config that reads back the same, deterministically', () => {
    const config = { root: '', structure: { readme: 'README.md', summary: 'SUMMARY.md' }, redirects: { 'a/b': 'c.md' } };
    const text = formatGitbookConfig(config);
    expect(text).toBe('root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\nredirects:\n  a/b: c.md\n');
    expect(parseGitbookConfig(text).config).toEqual(config);
    expect(formatGitbookConfig({ ...config, root: 'docs', redirects: {} })).toBe('root: ./docs/\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n');
  });
});
