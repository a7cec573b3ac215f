import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../../src/config/config-json-schema.js';
import { configurationReference, updateConfigurationReference } from '../../../scripts/configuration-reference.js';

const CONFIGURATION = new URL('../../../docs/configuration.md', import.meta.url);

describe('docs/configuration.md', () => {
  it('lists every key of docsync.yaml as `npm run docs:reference` writes it from the schema', async () => {
    const document = await readFile(CONFIGURATION, 'utf8');
    expect(
      updateConfigurationReference(document, configJsonSchema()),
      'docs/configuration.md differs from the configuration schema: run `npm run docs:reference`',
    ).toBe(document);
  });
});

describe('configurationReference', () => {
  it('gives each key its path, type, default and description, list items under `[]`', () => {
    const reference = configurationReference({
      type: 'object',
      properties: {
        api: { type: 'object', default: {}, properties: { timeout: { type: 'string', description: 'Per-request | timeout.' } } },
        spaces: {
          type: 'array',
          default: [],
          items: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', description: 'Stable name.' },
              mode: { type: 'string', enum: ['change-request', 'direct'], default: 'change-request' },
              reviewers: { type: 'array', default: [], items: { type: 'string' } },
            },
          },
        },
        sync: { type: 'object', properties: { maxDeletions: { default: '25%', anyOf: [{ type: 'integer' }, { type: 'string' }] } } },
      },
    });
    expect(reference.split('\n')).toEqual([
      '| key | type | default | what it sets |',
      '|---|---|---|---|',
      '| `api.timeout` | string |  | Per-request \\| timeout. |',
      '| `spaces` | list (below) |  |  |',
      '| `spaces[].name` (required) | string |  | Stable name. |',
      '| `spaces[].mode` | `change-request`, `direct` | `"change-request"` |  |',
      '| `spaces[].reviewers` | list of string |  |  |',
      '| `sync.maxDeletions` | integer or string | `"25%"` |  |',
    ]);
  });
});
