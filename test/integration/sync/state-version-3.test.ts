import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import type { ChangeRequestRecord, FileRecord, RevisionRecord } from '../../../src/emulator/state/records.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

/**
 * What docsync wrote before content was known by git blob oid, made by that version: a first sync of
 * `docs/` (committed as below) on today's API, direct, from HEAD, then a no-op. `docsync/` is the
 * `.docsync/` it left (state format 3 with sha256-based delivered hashes, a kept read of version 10);
 * `space.json` the emulator's records of the space then (its revisions, with file bytes as base64,
 * and its change request), so the live side is what that state describes, ids and `updatedAt` alike.
 */
const FIXTURE = new URL('../../fixtures/state/version-3/', import.meta.url).pathname;
/**
 * What the version before the kept read was a record log wrote, made by that version the same way
 * from the same commit: `docsync/` (state format 3 with blob-oid delivered hashes and a content hash
 * of definition v3, a sectioned kept read of version 11, its folder's path replaced by `/repo/docs`)
 * and `space.json`.
 */
const FIXTURE_READ_11 = new URL('../../fixtures/state/kept-read-11/', import.meta.url).pathname;
const COMMIT = '4d5bef0660c39546f81663f543da0feabe074600';

interface SpaceDump {
  space: { revision: string; changeRequestCounter: number; updatedAt: string };
  revisions: (Omit<RevisionRecord, 'files'> & { files: (Omit<FileRecord, 'data'> & { data: string })[] })[];
  changeRequests: (Omit<ChangeRequestRecord, 'reviewers'> & { reviewers: [string, { requestedBy: string; createdAt: string; revision: string }][] })[];
}

let emulator: RunningEmulator;
beforeAll(async () => {
  // Another seed than the fixture's run: ids made now never take one of the restored records'.
  emulator = await startTestEmulator({ contract: 'current', seed: 7 });
  // The fixture's commit, made again: same tree, same identity (see `git`), same dates.
  vi.stubEnv('GIT_AUTHOR_DATE', '2026-11-28T10:00:00Z');
  vi.stubEnv('GIT_COMMITTER_DATE', '2026-11-28T10:00:00Z');
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
  vi.unstubAllEnvs();
});

/** The space as a fixture's run left it. */
async function restoreSpace(fixture = FIXTURE): Promise<void> {
  const dump = JSON.parse(await readFile(join(fixture, 'space.json'), 'utf8')) as SpaceDump;
  const { state } = emulator;
  for (const revision of dump.revisions) {
    state.revisions.set(revision.id, { ...revision, files: revision.files.map((file) => ({ ...file, data: Buffer.from(file.data, 'base64') })) });
  }
  for (const cr of dump.changeRequests) state.changeRequests.set(cr.id, { ...cr, reviewers: new Map(cr.reviewers) });
  const space = state.spaces.get('space-docs');
  if (space === undefined) throw new Error('the fixture has no space-docs');
  Object.assign(space, dump.space);
}

/** Every delivered hash the state file holds for the target, by path. */
async function deliveredHashes(dir: string): Promise<Record<string, string | undefined>> {
  const state = await new FileStateStore(join(dir, '.docsync', 'state.json')).get('space:docs');
  return Object.fromEntries([...(state?.delivered?.pages ?? []), ...(state?.delivered?.files ?? [])].map(([path, entry]) => [path, entry.hash]));
}

async function sync(dir: string) {
  const writes = emulator.stats().writes;
  const report = await syncOnce(configFor(emulator, dir, { mode: 'direct', source: 'HEAD' }));
  expect(report.failures).toEqual([]);
  return { outcome: report.results[0]?.outcome, writes: emulator.stats().writes - writes };
}

/** A repo of the fixtures' docs, committed as their runs committed them. */
async function fixtureRepo(): Promise<string> {
  const dir = await makeTempDir('docsync-state-v3-');
  await cp(join(FIXTURE, 'docs'), join(dir, 'docs'), { recursive: true });
  git(dir, 'init', '--quiet', '--initial-branch', 'main');
  git(dir, 'add', 'docs');
  git(dir, 'commit', '--quiet', '-m', 'Docs');
  expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(COMMIT);
  return dir;
}

describe('a .docsync/ of state format 3, from before content was known by blob oid', () => {
  it('is read, syncs the unchanged repo with no write, then records blob-oid hashes; its old kept read is not used', async () => {
    const dir = await fixtureRepo();
    await restoreSpace();
    await cp(join(FIXTURE, 'docsync'), join(dir, '.docsync'), { recursive: true });
    const before = await deliveredHashes(dir);
    expect(Object.keys(before).sort()).toEqual(['.gitbook/assets/logo.png', 'README.md', 'SUMMARY.md#Guide', 'guide/setup.md', 'guide/usage.md']);
    // Read as not known: the 64 hex digits of a sha256-based hash.
    expect(Object.values(before)).toEqual([undefined, undefined, undefined, undefined, undefined]);

    expect(await sync(dir)).toMatchObject({ writes: 0 });
    const after = await deliveredHashes(dir);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const hash of Object.values(after)) expect(hash).toMatch(/^[0-9a-f]{40}$/);
    expect(after['.gitbook/assets/logo.png']).toBe(git(dir, 'rev-parse', 'HEAD:docs/.gitbook/assets/logo.png').trim());
    const kept = await readFile(join(dir, '.docsync', 'cache', 'docs.read'), 'utf8');
    expect(JSON.parse(kept.slice(0, kept.indexOf('\n')))).toEqual({ docsync: 'read', version: 3 });

    // From then on, as any state: nothing to do.
    expect(await sync(dir)).toEqual({ outcome: 'skipped', writes: 0 });
    // A runner without state: the change request's sync token holds the old content hash, so the
    // proof falls back to the comparison with the live content, once; nothing is written.
    await rm(join(dir, '.docsync'), { recursive: true });
    expect(await sync(dir)).toMatchObject({ writes: 0 });
  });
});

describe('a .docsync/ from before the kept read was a record log', () => {
  it('syncs the unchanged repo with no write, its content hash taken anew; its sectioned kept read is replaced by a record log', async () => {
    const dir = await fixtureRepo();
    await restoreSpace(FIXTURE_READ_11);
    await cp(join(FIXTURE_READ_11, 'docsync'), join(dir, '.docsync'), { recursive: true });
    const state = () => new FileStateStore(join(dir, '.docsync', 'state.json')).get('space:docs');
    const before = await state();
    const readFile11 = join(dir, '.docsync', 'cache', 'docs.read');
    expect(JSON.parse((await readFile(readFile11, 'utf8')).split('\n')[0] ?? '')).toMatchObject({ version: 11 });

    // The content hash's new definition differs from the one recorded: compared with the live content once.
    expect(await sync(dir)).toMatchObject({ writes: 0 });
    const after = await state();
    expect(after?.lastHash).toMatch(/^[0-9a-f]{64}$/);
    expect(after?.lastHash).not.toBe(before?.lastHash);
    expect(after?.changeRequest).toEqual(before?.changeRequest);
    expect(JSON.parse((await readFile(readFile11, 'utf8')).split('\n')[0] ?? '')).toEqual({ docsync: 'read', version: 3 });

    expect(await sync(dir)).toEqual({ outcome: 'skipped', writes: 0 });
    await rm(join(dir, '.docsync'), { recursive: true });
    expect(await sync(dir)).toMatchObject({ writes: 0 });
  });
});
