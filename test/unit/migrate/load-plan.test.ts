import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { inferSourceKind } from '../../../src/migrate/infer-source.js';
import { parsePlan } from '../../../src/migrate/load-plan.js';
import { runIdFor, RUN_ID } from '../../../src/migrate/run-id.js';

const FILE = '/plans/migration.yaml';

describe('inferSourceKind', () => {
  it('tells sources apart by their form', () => {
    expect(inferSourceKind('space:abc')).toBe('space');
    expect(inferSourceKind('https://example.com/docs.zip')).toBe('zip');
    expect(inferSourceKind('https://example.com/a/notes.MD')).toBe('markdown');
    expect(inferSourceKind('https://github.com/acme/docs.git')).toBe('git');
    expect(inferSourceKind('git@github.com:acme/docs.git')).toBe('git');
    expect(inferSourceKind('ssh://git@host/acme/docs')).toBe('git');
    expect(inferSourceKind('https://example.com/page.html')).toBe('html');
    expect(inferSourceKind('https://docs.example.com/')).toBe('website');
    expect(inferSourceKind('./handbook')).toBe('folder');
    expect(inferSourceKind('../repos/docs.git/')).toBe('git');
  });
});

describe('parsePlan (YAML)', () => {
  it('reads shorthands and objects, fills defaults, resolves paths against the plan', () => {
    const plan = parsePlan(
      [
        'defaults: { merge: true, subject: "Import {item}" }',
        'items:',
        '  - { source: ./handbook, space: space-a }',
        '  - id: api',
        '    source: { git: ../repos/api, ref: v2, subfolder: ./docs/ }',
        '    space: space-b',
        '  - { source: "https://example.com/x.zip", space: space-c, mode: direct }',
        '  - { source: space:old, space: space-d, merge: false }',
        '  - { source: { website: "https://example.com/" }, space: space-e }',
      ].join('\n'),
      FILE,
    );
    expect(plan.items).toEqual([
      { id: 'space-a', space: 'space-a', source: { kind: 'folder', path: '/plans/handbook' }, mode: 'change-request', merge: true, subject: 'Import {item}' },
      {
        id: 'api',
        space: 'space-b',
        source: { kind: 'git', url: path.resolve('/repos/api'), ref: 'v2', subfolder: 'docs' },
        mode: 'change-request',
        merge: true,
        subject: 'Import {item}',
      },
      { id: 'space-c', space: 'space-c', source: { kind: 'zip', url: 'https://example.com/x.zip' }, mode: 'direct', merge: false, subject: 'Import {item}' },
      { id: 'space-d', space: 'space-d', source: { kind: 'space', spaceId: 'old' }, mode: 'change-request', merge: false, subject: 'Import {item}' },
      {
        id: 'space-e',
        space: 'space-e',
        source: { kind: 'website', url: 'https://example.com/' },
        mode: 'change-request',
        merge: true,
        subject: 'Import {item}',
      },
    ]);
    expect(runIdFor(plan)).toMatch(RUN_ID);
    // The run id depends on the items only: the same plan written another way resumes the same run.
    expect(runIdFor(parsePlan(reencode(plan), FILE))).toBe(runIdFor(plan));
    expect(runIdFor(parsePlan(reencode({ items: plan.items.slice(1) }), FILE))).not.toBe(runIdFor(plan));
  });

  it('names the file, line and field of every mistake', () => {
    const cases: [string, RegExp][] = [
      ['items: []', /migration\.yaml:1: items: must be a non-empty list/],
      ['items:\n  - { source: ./a }', /:2: items\.0\.space: needs the id of the target space/],
      ['items:\n  - source: { git: x, zip: y }\n    space: s', /:2: items\.0\.source: needs exactly one of .*found git, zip/],
      ['items:\n  - source: { zip: "ftp://x/y.zip" }\n    space: s', /:2: items\.0\.source\.zip: a zip source must be an http\(s\) URL/],
      ['items:\n  - source: { git: x, branch: y }\n    space: s', /:2: items\.0\.source\.branch: is not a field of a git source/],
      ['items:\n  - { source: ./a, space: s, mode: sideways }', /:2: items\.0\.mode: must be change-request or direct/],
      ['items:\n  - { source: ./a, space: s, mode: direct, merge: true }', /items\.0\.merge: only applies to change-request mode/],
      ['items:\n  - { source: ./a, space: s }\n  - { source: ./b, space: s }', /:3: items\.1\.space: space "s" is the target of item 1 too/],
      ['items:\n  - { id: x, source: ./a, space: s }\n  - { id: x, source: ./b, space: t }', /:3: items\.1\.id: item id "x" is used twice/],
      ['items:\n  - { id: "bad id", source: ./a, space: s }', /items\.0\.id: use letters, digits/],
      ['items:\n  - { source: space:s, space: s }', /items\.0\.source: is the target space itself/],
      ['itemz: []', /:1: itemz: unknown plan field; did you mean `items`\?/],
      ['items: [\n', /not valid YAML/],
    ];
    for (const [text, message] of cases) expect(() => parsePlan(text, FILE), text).toThrow(message);
  });
});

describe('parsePlan lists every problem at once', () => {
  it('one per line, in line order, naming misspelt keys with the key they meant', () => {
    const text = [
      'defaults:', //                                  1
      '  mod: direct', //                              2
      'items:', //                                     3
      '  - source: ./a', //                            4
      '    spce: s1', //                               5
      '  - source: ./b', //                            6
      '    space: s2', //                              7
      '    mode: sideways', //                         8
      '  - source: ./c', //                            9
      '    space: s3', //                              10
      '    subjet: Import', //                         11
      '',
    ].join('\n');
    let error: unknown;
    try {
      parsePlan(text, FILE);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message.split('\n')).toEqual([
      `${FILE}:2: defaults.mod: unknown default; did you mean \`mode\`?`,
      `${FILE}:4: items.0.space: needs the id of the target space`,
      `${FILE}:5: items.0.spce: unknown item field; did you mean \`space\`?`,
      `${FILE}:8: items.1.mode: must be change-request or direct`,
      `${FILE}:11: items.2.subjet: unknown item field; did you mean \`subject\`?`,
    ]);
  });

  it('in a CSV plan too, one line per bad row', () => {
    expect(() => parsePlan('source,space,mode\n./a,,direct\n./b,s2,fast\n./c,s3,direct\n', '/plans/p.csv')).toThrow(
      '/plans/p.csv:2: space: needs the id of the target space\n/plans/p.csv:3: mode: must be change-request or direct',
    );
  });
});

describe('parsePlan (CSV)', () => {
  it('reads the simple case, with kind, ref and subfolder columns for the rest', () => {
    const plan = parsePlan('source,space,kind,ref,subfolder,merge\n./a,s1,,,,yes\nhttps://h/r.git,s2,,main,docs,\n./site,s3,folder,,,no\n', '/plans/p.csv');
    expect(plan.items.map((item) => [item.id, item.source, item.merge])).toEqual([
      ['s1', { kind: 'folder', path: '/plans/a' }, true],
      ['s2', { kind: 'git', url: 'https://h/r.git', ref: 'main', subfolder: 'docs' }, false],
      ['s3', { kind: 'folder', path: '/plans/site' }, false],
    ]);
  });

  it('names the line of a bad row or header', () => {
    expect(() => parsePlan('source\n./a\n', '/plans/p.csv')).toThrow(/p\.csv:1: the header row has no "space" column/);
    expect(() => parsePlan('source,space,colour\n./a,s\n', '/plans/p.csv')).toThrow(/p\.csv:1: unknown column "colour"/);
    expect(() => parsePlan('source,space\n./a,s\n./b,s2,extra\n', '/plans/p.csv')).toThrow(/p\.csv:3: has 3 cells/);
    expect(() => parsePlan('source,space,merge\n./a,s,maybe\n', '/plans/p.csv')).toThrow(/p\.csv:2: merge: must be true or false/);
  });
});

function reencode(plan: { items: readonly { id: string; space: string; source: unknown; mode: string; merge: boolean; subject: string }[] }): string {
  return JSON.stringify({ items: plan.items.map((item) => ({ ...item, source: sourceBack(item.source as Record<string, string>) })) });
}

function sourceBack(source: Record<string, string>): unknown {
  const { kind, ...rest } = source;
  if (kind === 'folder') return { folder: rest.path };
  if (kind === 'space') return { space: rest.spaceId };
  if (kind === 'git') return { git: rest.url, ref: rest.ref, subfolder: rest.subfolder };
  return { [kind ?? 'zip']: rest.url };
}
