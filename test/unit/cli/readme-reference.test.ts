import { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { docsyncProgram } from '../../../src/cli/program.js';
import { anchor, commandReference, tableOfContents, updateReadme } from '../../../scripts/readme-sections.js';

const README = new URL('../../../README.md', import.meta.url);

describe('the README', () => {
  it('has the contents and command reference `npm run readme` writes from the commands’ own help', async () => {
    const readme = await readFile(README, 'utf8');
    expect(updateReadme(readme, docsyncProgram()), 'README.md differs from the commands’ help or its own headings: run `npm run readme`').toBe(readme);
  });
});

describe('commandReference', () => {
  it('lists every runnable command with its arguments, options and defaults, as --help shows them', () => {
    const program = new Command('docsync');
    program.command('pull').description('write a space | as a folder').argument('<space>', 'the space id').option('--force', 'overwrite');
    const spec = program.command('spec').description('specs');
    spec.command('validate').description('check a spec offline').argument('[file]', 'the spec').option('--format <kind>', 'output format', 'text');

    const reference = commandReference(program);
    expect(reference).toContain('| [`docsync pull`](#docsync-pull) | write a space \\| as a folder |');
    expect(reference).toContain('| [`docsync spec validate`](#docsync-spec-validate) | check a spec offline |');
    expect(reference).not.toContain('[`docsync spec`]');
    expect(reference).toContain('`docsync pull [options] <space>`');
    expect(reference).toContain('| `space` | the space id |');
    expect(reference).toContain('| `--format <kind>` | output format (default: "text") |');
    expect(reference).not.toContain('--help');
  });
});

describe('tableOfContents', () => {
  it('links each second-level heading outside code blocks by GitHub’s anchor', () => {
    const readme = ['# docsync', '## Contents', '## Install', '```sh', '## not a heading', '```', '### Scaling', '## Running against the real API', "## What's new (2.0)"].join('\n');
    expect(tableOfContents(readme)).toBe(['- [Install](#install)', '- [Running against the real API](#running-against-the-real-api)', "- [What's new (2.0)](#whats-new-20)"].join('\n'));
    expect(anchor('docsync spec publish')).toBe('docsync-spec-publish');
  });
});
