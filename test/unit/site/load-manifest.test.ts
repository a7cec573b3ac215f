import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { parseManifest } from '../../../src/site/load-manifest.js';

const FILE = '/repo/docs.yaml';

/** A small valid manifest; tests replace one line to break it. */
const BASE = [
  'site:', //                                    1
  '  organization: org-1', //                    2
  '  id: site-1', //                             3
  '  title: Docs', //                            4
  '  proxy: example.com/docs', //                5
  '  shareLinks:', //                            6
  '    - name: partners', //                     7
  '  structure:', //                             8
  '    - type: section-group', //                9
  '      key: g1', //                            10
  '      title: Group one', //                   11
  '      children:', //                          12
  '        - type: section', //                  13
  '          key: s1', //                        14
  '          title: Section one', //             15
  '          path: one', //                      16
  '          default: true', //                  17
  '          condition: visitor.claims.beta', // 18
  '          children:', //                      19
  '            - type: space', //                20
  '              key: sp1', //                   21
  '              path: v1', //                   22
  '              spaceId: space-a', //           23
  '            - type: space', //                24
  '              key: sp2', //                   25
  '              path: v2', //                   26
  '              target: api', //                27
];

function manifest(edit: (lines: string[]) => void = () => undefined): string {
  const lines = [...BASE];
  edit(lines);
  return `${lines.join('\n')}\n`;
}

const targets = new Map([['api', 'space-api']]);

function failure(text: string): ConfigError {
  try {
    parseManifest(text, FILE, { spaceTargets: targets });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected the manifest to be refused');
}

describe('parseManifest', () => {
  it('flattens a valid manifest, resolving space ids inline and through docsync.yaml targets', () => {
    const { desired } = parseManifest(manifest(), FILE, { spaceTargets: targets });
    expect(desired.groups).toEqual([{ key: 'g1', title: 'Group one', icon: undefined, sections: ['s1'] }]);
    expect(desired.sections[0]).toMatchObject({ key: 's1', group: 'g1', default: true, description: null, condition: 'visitor.claims.beta' });
    expect(desired.sections[0]?.spaces.map((s) => s.spaceId)).toEqual(['space-a', 'space-api']);
    expect(desired.shareLinks).toEqual([{ name: 'partners', active: true }]);
  });

  it('reads the commented example manifest', async () => {
    const text = await readFile(new URL('../../../examples/site/docs.yaml', import.meta.url), 'utf8');
    const { desired } = parseManifest(text, 'docs.yaml', { spaceTargets: new Map([['guides-v1', 'space-guides-v1']]) });
    expect(desired.groups.map((g) => g.key)).toEqual(['product', 'community']);
    expect(desired.sections.map((s) => s.key)).toEqual(['guides', 'api', 'beta']);
    expect(desired.adaptiveSchema?.properties.isBetaUser).toEqual({ type: 'boolean', description: 'The visitor is in the beta programme' });
  });

  it('names the line of bad YAML', () => {
    const error = failure(manifest((l) => (l[15] = '          path: [one')));
    expect(error.message).toContain('not valid YAML');
    expect(error.line).toBeGreaterThanOrEqual(16);
  });

  it.each([
    ['a section title under 2 characters', 14, '          title: X', 'site.structure.0.children.0.title'],
    ['a path over 100 characters', 15, `          path: ${'p'.repeat(101)}`, 'site.structure.0.children.0.path'],
    ['a condition over 1024 characters', 17, `          condition: ${'c'.repeat(1025)}`, 'site.structure.0.children.0.condition'],
    ['a proxy with a scheme', 4, '  proxy: https://example.com/docs', 'site.proxy'],
    ['a proxy without a path', 4, '  proxy: example.com', 'site.proxy'],
    ['a hostname in capitals', 4, '  hostname: Docs.Example.COM', 'site.hostname'],
    ['a share link name over 50 characters', 6, `    - name: ${'n'.repeat(51)}`, 'site.shareLinks.0.name'],
    ['a misspelt field', 17, '          conditon: x', 'site.structure.0.children.0.conditon'],
    ['a space path that is empty', 21, "              path: ''", 'site.structure.0.children.0.children.0.path'],
  ])('refuses %s, naming the line and the field', (_what, index, line, field) => {
    const error = failure(manifest((l) => (l[index] = line)));
    expect(error.line).toBe(index + 1);
    expect(error.field).toBe(field);
    expect(error.message).toContain(`${FILE}:${index + 1}: ${field}:`);
  });

  it('lists every problem at once, one per line, naming a misspelt key with the key it meant', () => {
    const error = failure(
      manifest((l) => {
        l[3] = '  titel: Docs';
        l[14] = '          titel: Section one';
        l[21] = "              path: ''";
        l[26] = '              targte: api';
      }),
    );
    expect(error.message.split('\n')).toEqual([
      `${FILE}:2: site.title: Invalid input: expected string, received undefined`,
      `${FILE}:4: site.titel: unknown field; did you mean \`title\`?`,
      `${FILE}:13: site.structure.0.children.0.title: Invalid input: expected string, received undefined`,
      `${FILE}:15: site.structure.0.children.0.titel: unknown field; did you mean \`title\`?`,
      `${FILE}:22: site.structure.0.children.0.children.0.path: Too small: expected string to have >=1 characters`,
      `${FILE}:27: site.structure.0.children.0.children.1.targte: unknown field; did you mean \`target\`?`,
    ]);
    expect(error.issues).toHaveLength(6);
  });

  it('names a misspelt key inside the spaces map with the key it meant', () => {
    const error = failure(`${manifest()}spaces:\n  sp1: { spaceid: space-x }\n`);
    expect(error.message).toBe(`${FILE}:29: spaces.sp1.spaceid: unknown field; did you mean \`spaceId\`?`);
  });

  it('refuses an unknown space key in the spaces map, with its line', () => {
    const error = failure(`${manifest()}spaces:\n  nope: space-x\n`);
    expect(error.message).toContain('unknown space key "nope"');
    expect(error.line).toBe(29);
    expect(error.field).toBe('spaces.nope');
  });

  it('refuses a space item with no space id, and a target docsync.yaml does not have', () => {
    const missing = failure(manifest((l) => l.splice(22, 1)));
    expect(missing.message).toContain('no space id for space key "sp1"');
    expect(missing.line).toBe(21);
    const target = failure(manifest((l) => (l[26] = '              target: nowhere')));
    expect(target.message).toContain('no spaces target named "nowhere"');
    expect(target.line).toBe(27);
  });

  it('refuses duplicate keys, duplicate paths and two defaults', () => {
    expect(failure(manifest((l) => (l[24] = '              key: sp1'))).message).toContain('key "sp1" is used twice');
    const path = failure(manifest((l) => (l[25] = '              path: v1')));
    expect(path.message).toContain('space path "v1" is used twice');
    expect(path.line).toBe(26);
    const defaults = failure(
      manifest((l) => {
        l.splice(23, 0, '              default: true');
        l.push('              default: true');
      }),
    );
    expect(defaults.message).toContain('only one space of this section can be the default');
    const link = failure(manifest((l) => l.splice(7, 0, '    - name: partners')));
    expect([link.line, link.field]).toEqual([8, 'site.shareLinks.1.name']);
  });

  it('refuses root spaces mixed with sections', () => {
    const text = `${manifest()}    - type: space\n      key: root1\n      path: root\n      spaceId: s\n`;
    expect(failure(text).message).toContain('either sections');
  });

  it.each([
    ['a claim without a description', ['        beta: { type: boolean }'], [], 'site.adaptiveContent.jsonSchema.properties.beta', 11],
    ['a claim of an unknown type', ['        beta: { type: date, description: Beta }'], [], 'site.adaptiveContent.jsonSchema.properties.beta', 11],
    ['additional properties allowed', [], ['      additionalProperties: true'], 'site.adaptiveContent.jsonSchema.additionalProperties', 11],
    ['another draft', [], ['      $schema: http://json-schema.org/draft-04/schema#'], 'site.adaptiveContent.jsonSchema.$schema', 12],
    ['a `required` list (the API accepts none)', [], ['      required: [gamma]'], 'site.adaptiveContent.jsonSchema.required', 12],
  ])('refuses an adaptive JSON Schema with %s', (_what, properties, top, field, line) => {
    const schema = [
      '  adaptiveContent:', //                                                          5
      '    enabled: true', //                                                           6
      '    jsonSchema:', //                                                             7
      '      type: object', //                                                          8
      '      properties:', //                                                           9
      "        unsigned: { type: object, description: 'Unsigned claims of the site visitor.', properties: {}, additionalProperties: false }", // 10
      ...properties,
      ...(top.some((l) => l.includes('additionalProperties')) ? [] : ['      additionalProperties: false']),
      ...top,
    ];
    const error = failure(manifest((l) => l.splice(4, 0, ...schema)));
    expect(error.field).toBe(field);
    expect(error.line).toBe(line);
  });
});
