import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { planSiteTarget } from '../../../src/site/plan-site-target.js';
import { reconcileSite } from '../../../src/site/reconcile-site.js';
import { fullManifest, manifestTarget, siteDeps, startSiteEmulator } from '../../support/site-test-support.js';

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  ({ emulator, dir } = await startSiteEmulator(8, { contract: 'seed' }));
});
afterAll(async () => {
  await emulator.close();
});

/** Line numbers in the full manifest (site-test-support.ts); YAML errors are where the parser notices them. */
const CASES: [string, (text: string) => string, number, string | undefined, string][] = [
  ['bad YAML', (t) => t.replace('basename: handbook', 'basename: [handbook'), 7, undefined, 'not valid YAML'],
  ['a title out of bounds', (t) => t.replace('title: Blog', `title: ${'b'.repeat(129)}`), 63, 'site.structure.1.children.1.title', '128'],
  ['a bad proxy', (t) => t.replace('proxy: www.example.com/docs', 'proxy: https://www.example.com/docs'), 7, 'site.proxy', 'host name'],
  ['an unknown space key', (t) => `${t}spaces:\n  no-such-space: space-1\n`, 68, 'spaces.no-such-space', 'unknown space key'],
  [
    'an invalid JSON Schema',
    (t) => t.replace('isBeta: { type: boolean, description: In the beta programme }', 'isBeta: { type: boolean }'),
    15,
    'site.adaptiveContent.jsonSchema.properties.isBeta',
    '`description` is required',
  ],
];

describe('invalid site manifests', () => {
  it.each(CASES)('refuse %s before any request, naming the line', async (_what, edit, line, field, message) => {
    const deps = siteDeps(emulator);
    const target = await manifestTarget(dir, fullManifest('site-x', edit));
    const before = emulator.stats().total;
    const error = await reconcileSite(deps, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.file).toBe(target.manifest);
    expect(configError.line).toBe(line);
    expect(configError.field).toBe(field);
    expect(configError.message).toContain(message);
    expect(configError.message).toContain(`${target.manifest}:${line}:`);
    expect(emulator.stats().total).toBe(before);
  });

  it('refuses a missing manifest file before any request', async () => {
    const deps = siteDeps(emulator);
    const before = emulator.stats().total;
    const error = await planSiteTarget(deps, { manifest: `${dir}/nope.yaml`, prune: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('cannot read the site manifest');
    expect(emulator.stats().total).toBe(before);
  });
});
