import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFingerprint, forgetFingerprint, recordedFingerprint, recordFingerprint } from '../../../scripts/build-fingerprint.js';

async function project(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'docsync-fingerprint-'));
  await mkdir(join(root, 'src', 'cli'), { recursive: true });
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'src', 'cli', 'main.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'package-lock.json'), '{}\n');
  await writeFile(join(root, 'README.md'), '# not an input\n');
  return root;
}

describe('buildFingerprint', () => {
  it('follows the content of the inputs, not their timestamps', async () => {
    const root = await project();
    const first = await buildFingerprint(root);
    await utimes(join(root, 'src', 'cli', 'main.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(await buildFingerprint(root)).toBe(first);

    await writeFile(join(root, 'src', 'cli', 'main.ts'), 'export const a = 2;\n');
    expect(await buildFingerprint(root)).not.toBe(first);
  });

  it('changes when an input file is added or a dependency moves, not when a file outside the inputs does', async () => {
    const root = await project();
    const first = await buildFingerprint(root);
    await writeFile(join(root, 'README.md'), '# still not an input\n');
    expect(await buildFingerprint(root)).toBe(first);

    await writeFile(join(root, 'src', 'cli', 'other.ts'), 'export const a = 1;\n');
    const added = await buildFingerprint(root);
    expect(added).not.toBe(first);

    await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
    expect(await buildFingerprint(root)).not.toBe(added);
  });

  it('is recorded in dist/ and forgotten when a build starts', async () => {
    const root = await project();
    expect(await recordedFingerprint(root)).toBeUndefined();
    const fingerprint = await buildFingerprint(root);
    await recordFingerprint(root, fingerprint);
    expect(await recordedFingerprint(root)).toBe(fingerprint);
    await forgetFingerprint(root);
    expect(await recordedFingerprint(root)).toBeUndefined();
  });
});
