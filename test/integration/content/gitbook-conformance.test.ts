import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageGroup, PageNode } from '../../../src/content/gitbook/docs-snapshot.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { writeTree } from '../../support/temp-tree.js';

/**
 * GitBook's Git Sync rules, case by case: each repo is synced (direct mode) into an emulator space, and
 * the pages that land must be the ones listed here AND the ones docsync's reader predicts. One reader
 * serves both sides, so a dialect one of them misreads shows up here as a difference.
 */

interface Case {
  name: string;
  files: Record<string, string>;
  /** The landed outline: `Title <git path>` (plus ` (hidden)`, ` — description`), `## Group` with children. */
  pages: Outline;
  /** Substrings the reader's warnings must contain. */
  warns?: string[];
  /** Exact markdown that lands, by git path. */
  bodies?: Record<string, string>;
}
type Outline = (string | [string, Outline])[];

const HOME = { 'README.md': '# Home\n' };
const ABC = { ...HOME, 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' };
const NESTED = { ...HOME, 'a.md': '# A\n', 'a/one.md': '# One\n', 'a/one/deep.md': '# Deep\n', 'b.md': '# B\n' };
const nested: Outline = ['Home <README.md>', ['A <a.md>', [['One <a/one.md>', ['Deep <a/one/deep.md>']]]], 'B <b.md>'];
const summary = (...lines: string[]): string => `${lines.join('\n')}\n`;

const CASES: Case[] = [
  // Bullets
  {
    name: '`*` bullets',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)', '* [B](b.md)') },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>'],
  },
  { name: '`-` bullets', files: { ...ABC, 'SUMMARY.md': summary('- [Home](README.md)', '- [A](a.md)') }, pages: ['Home <README.md>', 'A <a.md>'] },
  { name: '`+` bullets', files: { ...ABC, 'SUMMARY.md': summary('+ [Home](README.md)', '+ [A](a.md)') }, pages: ['Home <README.md>', 'A <a.md>'] },
  {
    name: 'numbered `1.`',
    files: { ...ABC, 'SUMMARY.md': summary('1. [Home](README.md)', '2. [A](a.md)', '3. [B](b.md)') },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>'],
  },
  { name: 'numbered `1)`', files: { ...ABC, 'SUMMARY.md': summary('1) [Home](README.md)', '1) [A](a.md)') }, pages: ['Home <README.md>', 'A <a.md>'] },
  {
    name: 'numbered and nested numbered',
    files: {
      ...NESTED,
      'SUMMARY.md': summary('1. [Home](README.md)', '2. [A](a.md)', '   1. [One](a/one.md)', '      1. [Deep](a/one/deep.md)', '3. [B](b.md)'),
    },
    pages: nested,
  },
  {
    name: 'bullet styles mixed',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '- [A](a.md)', '+ [B](b.md)', '1. [C](c.md)') },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>', 'C <c.md>'],
  },
  // Indentation
  {
    name: 'nesting by 2 spaces',
    files: { ...NESTED, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)', '  * [One](a/one.md)', '    * [Deep](a/one/deep.md)', '* [B](b.md)') },
    pages: nested,
  },
  {
    name: 'nesting by 4 spaces',
    files: {
      ...NESTED,
      'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)', '    * [One](a/one.md)', '        * [Deep](a/one/deep.md)', '* [B](b.md)'),
    },
    pages: nested,
  },
  {
    name: 'a leading space on every bullet',
    files: { ...NESTED, 'SUMMARY.md': summary(' * [Home](README.md)', ' * [A](a.md)', '   * [One](a/one.md)', '     * [Deep](a/one/deep.md)', ' * [B](b.md)') },
    pages: nested,
  },
  {
    name: 'nesting by tabs',
    files: { ...NESTED, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)', '\t* [One](a/one.md)', '\t\t* [Deep](a/one/deep.md)', '* [B](b.md)') },
    pages: nested,
  },
  {
    name: 'five levels deep with folder READMEs',
    files: {
      ...HOME,
      'l1/README.md': '# L1\n',
      'l1/l2/README.md': '# L2\n',
      'l1/l2/l3/README.md': '# L3\n',
      'l1/l2/l3/l4/README.md': '# L4\n',
      'l1/l2/l3/l4/l5.md': '# L5\n',
      'SUMMARY.md': summary(
        '* [Home](README.md)',
        '* [L1](l1/README.md)',
        '  * [L2](l1/l2/README.md)',
        '    * [L3](l1/l2/l3/README.md)',
        '      * [L4](l1/l2/l3/l4/README.md)',
        '        * [L5](l1/l2/l3/l4/l5.md)',
      ),
    },
    pages: [
      'Home <README.md>',
      ['L1 <l1/README.md>', [['L2 <l1/l2/README.md>', [['L3 <l1/l2/l3/README.md>', [['L4 <l1/l2/l3/l4/README.md>', ['L5 <l1/l2/l3/l4/l5.md>']]]]]]]],
    ],
  },
  // Headings and groups
  {
    name: '`##` headings are groups',
    files: { ...ABC, 'SUMMARY.md': summary('# Table of contents', '* [Home](README.md)', '## Guides', '* [A](a.md)', '## Reference', '* [B](b.md)') },
    pages: ['Home <README.md>', ['## Guides', ['A <a.md>']], ['## Reference', ['B <b.md>']]],
  },
  {
    name: '`###` headings are groups too',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '### Guides', '* [A](a.md)') },
    pages: ['Home <README.md>', ['## Guides', ['A <a.md>']]],
  },
  {
    name: '`# Summary` is a title, not a group',
    files: { ...ABC, 'SUMMARY.md': summary('# Summary', '', '* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  { name: 'no title at all', files: { ...ABC, 'SUMMARY.md': '* [Home](README.md)\n* [A](a.md)' }, pages: ['Home <README.md>', 'A <a.md>'] },
  {
    name: 'a group heading with trailing #s and escapes',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '## Guides \\[beta\\] ##', '* [A](a.md)') },
    pages: ['Home <README.md>', ['## Guides [beta]', ['A <a.md>']]],
  },
  {
    name: 'a horizontal rule between parts is ignored',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '---', '* [A](a.md)', '***', '* [B](b.md)') },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>'],
  },
  // Links
  {
    name: 'a link in <angle brackets> with spaces',
    files: { ...HOME, 'my page.md': '# Mine\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [Mine](<my page.md>)') },
    pages: ['Home <README.md>', 'Mine <my page.md>'],
  },
  {
    name: 'a %-encoded link',
    files: { ...HOME, 'my page.md': '# Mine\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [Mine](my%20page.md)') },
    pages: ['Home <README.md>', 'Mine <my page.md>'],
  },
  {
    name: 'a link with raw spaces',
    files: { ...HOME, 'my page.md': '# Mine\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [Mine](my page.md)') },
    pages: ['Home <README.md>', 'Mine <my page.md>'],
  },
  {
    name: 'encoded parentheses and unicode',
    files: { ...HOME, 'Über (v2).md': '# Über\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [Über v2](%C3%9Cber%20%28v2%29.md)') },
    pages: ['Home <README.md>', 'Über v2 <Über (v2).md>'],
  },
  {
    name: 'a link label (`"title"`) is not part of the path',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md "Short A")') },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'rooted and ./ links',
    files: { ...HOME, 'guide/a.md': '# GA\n', 'b.md': '# B\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [GA](/guide/a.md)', '* [B](./b.md)') },
    pages: ['Home <README.md>', 'GA <guide/a.md>', 'B <b.md>'],
  },
  {
    name: 'a folder link means its README.md',
    files: {
      ...HOME,
      'guide/README.md': '# Guide\n',
      'guide/step.md': '# Step\n',
      'SUMMARY.md': summary('* [Home](README.md)', '* [Guide](guide/)', '  * [Step](guide/step)'),
    },
    pages: ['Home <README.md>', ['Guide <guide/README.md>', ['Step <guide/step.md>']]],
  },
  {
    name: 'an anchor after the path',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md#part-two)') },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'a link that differs in case',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](A.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['matched "a.md" ignoring case'],
  },
  {
    name: 'external links are left out',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [Site](https://example.com/docs)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'a missing file is skipped, its children move up',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [Gone](gone.md)', '  * [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['SUMMARY.md:2: "gone.md" not found'],
  },
  {
    name: 'a non-markdown target is skipped',
    files: { ...ABC, 'data.json': '{}', 'SUMMARY.md': summary('* [Home](README.md)', '* [Data](data.json)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['is not a markdown page'],
  },
  {
    name: 'a bullet without a link is skipped, its children move up',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* Just text', '  * [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['SUMMARY.md:2: list item has no'],
  },
  {
    name: 'escaped brackets in a title',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A \\[beta\\]](a.md)') },
    pages: ['Home <README.md>', 'A [beta] <a.md>'],
  },
  {
    name: 'an empty link text takes the page heading',
    files: { ...HOME, 'a.md': '# From heading\n\n```\n# not this\n```\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [](a.md)') },
    pages: ['Home <README.md>', 'From heading <a.md>'],
  },
  {
    name: 'an empty link text and no leading heading: the file name (a heading after a code block titles nothing)',
    files: { ...HOME, 'a.md': '```\n# not this\n```\n\n# Nor this\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [](a.md)') },
    pages: ['Home <README.md>', 'a <a.md>'],
  },
  // README
  {
    name: 'README not listed still lands first',
    files: { ...ABC, 'SUMMARY.md': summary('# Table of contents', '* [A](a.md)', '* [B](b.md)') },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>'],
    warns: ['the readme README.md is not listed'],
  },
  {
    name: 'README not listed, SUMMARY starting with a group',
    files: { ...ABC, 'SUMMARY.md': summary('## Guides', '* [A](a.md)') },
    pages: ['Home <README.md>', ['## Guides', ['A <a.md>']]],
  },
  {
    name: 'README not listed, numbered and indented SUMMARY',
    files: { ...ABC, 'SUMMARY.md': summary(' 1. [A](a.md)', ' 2. [B](b.md)') },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>'],
  },
  {
    name: 'README listed with its own title',
    files: { ...ABC, 'SUMMARY.md': summary('* [Welcome aboard](README.md)', '* [A](a.md)') },
    pages: ['Welcome aboard <README.md>', 'A <a.md>'],
  },
  // Duplicates, comments, junk
  {
    name: 'a file listed twice lands once, where first listed',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)', '* [B](b.md)', '  * [A again](./a.md)') },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>'],
    warns: ['is already listed at line 2'],
  },
  {
    name: 'a one-line HTML comment',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '<!-- * [B](b.md) -->', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'a multi-line HTML comment hides its entries',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '<!--', '* [B](b.md)', '* [C](c.md)', '-->', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'CRLF, BOM, zero-width spaces and trailing spaces',
    files: { ...ABC, 'SUMMARY.md': '\uFEFF# Table of contents\r\n\r\n* [Home](README.md)   \r\n* [A\u200B](a.md)\u200B\r\n' },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'markdown files left out of SUMMARY do not land',
    files: { ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['2 files are not listed, so not bundled: b.md, c.md'],
  },
  // Frontmatter
  {
    name: 'a plain description',
    files: { ...HOME, 'a.md': '---\ndescription: Short and sweet.\n---\n# A\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md> — Short and sweet.'],
    bodies: { 'a.md': '# A\n' },
  },
  {
    name: 'a folded `>-` description over several lines',
    files: {
      ...HOME,
      'a.md': '---\ndescription: >-\n  One long sentence\n  folded over lines.\n---\n\n# A\n',
      'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)'),
    },
    pages: ['Home <README.md>', 'A <a.md> — One long sentence folded over lines.'],
    bodies: { 'a.md': '\n# A\n' },
  },
  {
    name: 'a literal `|` description',
    files: { ...HOME, 'a.md': '---\ndescription: |\n  Line one\n  Line two\n---\n# A\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md> — Line one\nLine two\n'],
  },
  {
    name: 'hidden: true',
    files: { ...HOME, 'a.md': '---\nhidden: true\n---\n# A\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md> (hidden)'],
  },
  {
    name: 'frontmatter with CRLF keeps the body verbatim',
    files: { ...HOME, 'a.md': '---\r\ndescription: Windows\r\n---\r\n# A\r\n\r\nText\r\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md> — Windows'],
    bodies: { 'a.md': '# A\r\n\r\nText\r\n' },
  },
  {
    name: 'invalid frontmatter is cut off and named',
    files: { ...HOME, 'a.md': '---\ndescription: [unclosed\n---\n# A\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['a.md:2: frontmatter is not valid YAML'],
    bodies: { 'a.md': '# A\n' },
  },
  {
    name: 'an empty frontmatter block',
    files: { ...HOME, 'a.md': '---\n---\n# A\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    bodies: { 'a.md': '# A\n' },
  },
  {
    name: 'a rule later in the body is not frontmatter',
    files: { ...HOME, 'a.md': '# A\n\n---\n\ndescription: no\n\n---\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    bodies: { 'a.md': '# A\n\n---\n\ndescription: no\n\n---\n' },
  },
  {
    name: 'block tags and HTML stay verbatim',
    files: {
      ...HOME,
      'a.md': '---\ndescription: Tags\n---\n# A\n\n{% hint style="info" %}\nHi\n{% endhint %}\n\n<details><summary>More</summary>x</details>\n',
      'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)'),
    },
    pages: ['Home <README.md>', 'A <a.md> — Tags'],
    bodies: { 'a.md': '# A\n\n{% hint style="info" %}\nHi\n{% endhint %}\n\n<details><summary>More</summary>x</details>\n' },
  },
  // .gitbook.yaml
  {
    name: 'root: ./docs/',
    files: {
      '.gitbook.yaml': 'root: ./docs/\n',
      'package.json': '{}',
      'docs/README.md': '# Home\n',
      'docs/a.md': '# A\n',
      'docs/SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)'),
    },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'a link leaving the root is skipped',
    files: {
      '.gitbook.yaml': 'root: ./docs/\n',
      'outside.md': '# Out\n',
      'docs/README.md': '# Home\n',
      'docs/SUMMARY.md': summary('* [Home](README.md)', '* [Out](../outside.md)'),
    },
    pages: ['Home <README.md>'],
    warns: ['points outside the docs root'],
  },
  {
    name: 'structure.readme names another first page',
    files: { '.gitbook.yaml': 'structure:\n  readme: intro.md\n', 'intro.md': '# Intro\n', 'a.md': '# A\n', 'SUMMARY.md': summary('* [A](a.md)') },
    pages: ['Intro <intro.md>', 'A <a.md>'],
  },
  {
    name: 'structure.summary in a folder, links relative to it',
    files: {
      '.gitbook.yaml': 'structure:\n  summary: toc/SUMMARY.md\n',
      ...HOME,
      'a.md': '# A\n',
      'toc/SUMMARY.md': summary('* [Home](../README.md)', '* [A](../a.md)'),
    },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: 'no SUMMARY: pages from folders, readme first',
    files: { ...HOME, 'zeta.md': '# Zeta\n', 'alpha.md': 'no heading\n', 'guide/README.md': '# Guide\n', 'guide/step.md': '# Step\n' },
    pages: ['Home <README.md>', 'alpha <alpha.md>', ['Guide <guide/README.md>', ['Step <guide/step.md>']], 'Zeta <zeta.md>'],
  },
  {
    name: 'junk in .gitbook.yaml: zero-width spaces, trailing spaces, CRLF',
    files: {
      '.gitbook.yaml': 'root: ./docs/\u200B  \r\nstructure:\r\n  readme: README.md   \r\n',
      'docs/README.md': '# Home\n',
      'docs/a.md': '# A\n',
      'docs/SUMMARY.md': summary('* [A](a.md)'),
    },
    pages: ['Home <README.md>', 'A <a.md>'],
  },
  {
    name: '.gitbook.yaml that is not YAML means the defaults',
    files: { '.gitbook.yaml': 'root: [oops\n', ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['.gitbook.yaml:'],
  },
  {
    name: 'redirects to pages land nothing and warn about nothing',
    files: {
      '.gitbook.yaml': 'redirects:\n  old/a: a.md\n  previous: b.md\n',
      ...ABC,
      'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)', '* [B](b.md)'),
    },
    pages: ['Home <README.md>', 'A <a.md>', 'B <b.md>'],
  },
  {
    name: 'a redirect to a file that does not exist warns with its line',
    files: { '.gitbook.yaml': 'redirects:\n  old/a: a.md\n  gone: nowhere.md\n', ...ABC, 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)') },
    pages: ['Home <README.md>', 'A <a.md>'],
    warns: ['.gitbook.yaml:3: redirect "gone" points at nowhere.md, which does not exist'],
  },
  {
    name: 'a redirect to a page SUMMARY leaves out warns',
    files: { '.gitbook.yaml': 'redirects:\n  old: c.md\n', ...ABC, 'SUMMARY.md': summary('* [Home](README.md)') },
    pages: ['Home <README.md>'],
    warns: ['redirect "old" points at c.md, which is not a page of the table of contents'],
  },
  {
    name: 'unicode names and titles',
    files: {
      ...HOME,
      'ガイド/はじめに.md': '# はじめに\n',
      'café.md': '# Café ☕\n',
      'SUMMARY.md': summary('* [Home](README.md)', '* [はじめに](ガイド/はじめに.md)', '* [Café ☕](café.md)'),
    },
    pages: ['Home <README.md>', 'はじめに <ガイド/はじめに.md>', 'Café ☕ <café.md>'],
  },
];

interface LivePage {
  id: string;
  title: string;
  type: string;
  description?: string;
  hidden?: boolean;
  git?: { path: string };
  pages?: LivePage[];
}

const label = (title: string, path: string, description: string | undefined, hidden: boolean | undefined): string =>
  `${title} <${path}>${hidden === true ? ' (hidden)' : ''}${description === undefined ? '' : ` — ${description}`}`;
const withChildren = (name: string, children: Outline): Outline[number] => (children.length === 0 ? name : [name, children]);

const liveOutline = (pages: readonly LivePage[]): Outline =>
  pages.map((p) =>
    withChildren(p.type === 'group' ? `## ${p.title}` : label(p.title, p.git?.path ?? '?', p.description, p.hidden), liveOutline(p.pages ?? [])),
  );
const readerOutline = (groups: readonly PageGroup[]): Outline => {
  const nodes = (pages: readonly PageNode[]): Outline => pages.map((p) => withChildren(label(p.title, p.path, p.description, p.hidden), nodes(p.children)));
  return groups.flatMap((g) => (g.title === undefined ? nodes(g.pages) : [withChildren(`## ${g.title}`, nodes(g.pages))]));
};

let emulator: RunningEmulator;
const dirs: string[] = [];
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('GitBook format: what lands is what the reader predicts', () => {
  it.each(CASES)('$name', async ({ files, pages, warns = [], bodies = {} }) => {
    emulator.reset();
    const dir = await mkdtemp(join(tmpdir(), 'docsync-conformance-'));
    dirs.push(dir);
    await writeTree(join(dir, 'docs'), files);

    const snapshot = await readDocsRepo(new WorktreeSource(join(dir, 'docs')));
    expect(readerOutline(snapshot.pages)).toEqual(pages);
    for (const warning of warns) expect(snapshot.warnings.join('\n')).toContain(warning);

    const report = await syncOnce(configFor(emulator, dir, { mode: 'direct' }));
    expect(report.failures).toEqual([]);
    const live = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
    expect(liveOutline(live)).toEqual(pages);

    const byPath = new Map<string, LivePage>();
    const walk = (list: readonly LivePage[]): void => list.forEach((p) => (p.git ? byPath.set(p.git.path, p) : undefined, walk(p.pages ?? [])));
    walk(live);
    for (const [path, body] of Object.entries(bodies)) {
      const page = json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${byPath.get(path)!.id}`)).body);
      expect(page.markdown).toBe(body);
    }
  });

  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
});
