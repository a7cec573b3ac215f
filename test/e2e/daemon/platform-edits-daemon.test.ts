import { chmod, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { JOBS, type DocsyncJobSchemas } from '../../../src/jobs/job-kinds.js';
import { deleteKeys, killCli, SPACE, spawnCli, uniquePrefix, until, waitIdle, writeDaemonConfig } from '../../support/daemon-harness.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { startHoldingProxy } from '../../support/holding-proxy.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';

/**
 * The daemon keeps platform edits on its reconcile pass, and a daemon killed with SIGKILL while it
 * pushes them, or right after, loses none and pushes none twice: the daemon started again ends where
 * an uninterrupted run does. The push is held by a pre-receive hook of the bare remote that waits for
 * the test, the first write after it by a proxy in front of the emulator.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => removeTempDirs());

const PAGE = 'getting-started/quickstart.md';
const BRANCH = 'docsync/platform-edits/docs';
const EDIT = '# Quickstart\n\nEdited in the editor.\n';

// The seed's API imports zips; today's takes page batches, whose pages lose their git source.
const CONTRACTS = {
  seed: { changeRequest: { autoMerge: true }, delivery: 'import' },
  current: { changeRequest: { autoMerge: true } },
} as const;

interface LivePage {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: LivePage[];
}

/** The space's pages as a reader sees them: titles, kinds, paths, nesting and each document's markdown. */
async function spaceContent(emulator: RunningEmulator): Promise<unknown> {
  const pages = json((await call(emulator, 'GET', `/v1/spaces/${SPACE}/content/pages`, { as: 'read' })).body).pages as LivePage[];
  const shape = async (page: LivePage): Promise<unknown> => ({
    title: page.title,
    type: page.type,
    path: page.path,
    markdown:
      page.type === 'document' ? json((await call(emulator, 'GET', `/v1/spaces/${SPACE}/content/page/${page.id}`, { as: 'read' })).body).markdown : undefined,
    pages: await Promise.all((page.pages ?? []).map(shape)),
  });
  return Promise.all(pages.map(shape));
}

/** The live markdown of the page the test edits, found by its title. */
async function quickstart(emulator: RunningEmulator): Promise<unknown> {
  const flat = (list: readonly LivePage[]): LivePage[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
  const pages = json((await call(emulator, 'GET', `/v1/spaces/${SPACE}/content/pages`, { as: 'read' })).body).pages as LivePage[];
  const page = flat(pages).find((one) => one.type === 'document' && one.title === 'Quickstart');
  return page && json((await call(emulator, 'GET', `/v1/spaces/${SPACE}/content/page/${page.id}`, { as: 'read' })).body).markdown;
}

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * A pre-receive hook that says it arrived and waits until the test answers `release` or `refuse`
 * (a push whose connection died with its process).
 */
async function holdPushes(remote: string): Promise<{ control: string; hook: string }> {
  const control = await makeTempDir('docsync-push-control-');
  const hook = join(remote, 'hooks', 'pre-receive');
  await writeFile(
    hook,
    [
      '#!/bin/sh',
      `touch '${control}/arrived'`,
      `until [ -e '${control}/release' ] || [ -e '${control}/refuse' ]; do sleep 0.05; done`,
      `if [ -e '${control}/refuse' ]; then touch '${control}/done'; exit 1; fi`,
      `touch '${control}/done'`,
      '',
    ].join('\n'),
  );
  await chmod(hook, 0o755);
  return { control, hook };
}

for (const contract of ['seed', 'current'] as const) {
  const target = CONTRACTS[contract];
  describe(`the daemon keeps platform edits on its reconcile pass (${contract} contract)`, () => {
    for (const cut of ['while it pushes', 'once the push landed'] as const) {
      it(`killed with SIGKILL ${cut}: the daemon started again pushes the edit once and makes git live`, async () => {
        // What an uninterrupted run leaves live: git's docs, on an emulator of its own.
        const reference = await startTestEmulator({ contract });
        cleanups.push(() => reference.close());
        const { dir: referenceDir } = await repoWorkspace();
        expect((await syncOnce(configFor(reference, referenceDir, target))).failures).toEqual([]);
        const expected = await spaceContent(reference);

        const emulator = await startTestEmulator({ contract });
        cleanups.push(() => emulator.close());
        const proxy = await startHoldingProxy(emulator.url);
        cleanups.push(() => proxy.close());
        const { dir, remote } = await repoWorkspace();
        // Synced once from CI (its state stays there), then edited in the platform.
        expect((await syncOnce(configFor(emulator, dir, target))).failures).toEqual([]);
        await editPageInPlatform(emulator, SPACE, { gitPath: PAGE, title: 'Quickstart', markdown: EDIT });

        const prefix = uniquePrefix('platform-edits');
        cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
        const file = await writeDaemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, endpoint: proxy.url, target, daemon: { lockDuration: '3s' } });
        const connection = createRedisConnection(testRedisUrl(), 'admin', silentLogger);
        const producer = new BullmqProducer<DocsyncJobSchemas>(connection, prefix, JOBS);
        cleanups.push(async () => {
          await producer.close();
          connection.disconnect();
        });

        const { control, hook } = await holdPushes(remote);
        // The first write after the push: the change request that brings git's version back.
        const firstWrite = cut === 'once the push landed' ? proxy.hold((method) => method !== 'GET', 1) : undefined;
        if (firstWrite === undefined) await mkdir(control, { recursive: true });
        else await writeFile(join(control, 'release'), '');

        // The daemon's start-up reconcile pass finds the edit, commits it and pushes it.
        const first = spawnCli(['daemon', '-c', file], dir);
        cleanups.push(() => killCli(first));
        if (firstWrite === undefined) {
          await until('the push to reach the remote', () => exists(join(control, 'arrived')), 60_000, 20);
          first.child.kill('SIGKILL');
          expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
          // The push's connection died with the daemon: nothing of it lands.
          await writeFile(join(control, 'refuse'), '');
          await until('the held push to end', () => exists(join(control, 'done')), 30_000, 20);
          expect(git(remote, 'branch', '--list', BRANCH).trim()).toBe('');
        } else {
          const held = await firstWrite;
          expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe(EDIT);
          first.child.kill('SIGKILL');
          expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
          held.drop();
        }
        await rm(hook);
        expect(await quickstart(emulator)).toBe(EDIT);

        const second = spawnCli(['daemon', '-c', file], dir);
        cleanups.push(() => killCli(second));
        await until(
          'git to be live again',
          async () => {
            const text = await quickstart(emulator);
            return typeof text === 'string' && !text.includes('Edited in the editor.');
          },
          90_000,
          100,
        );
        await waitIdle(producer, 60_000);
        expect(await spaceContent(emulator)).toEqual(expected);
        // The edit is on the branch, once, on top of the synced commit.
        expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe(EDIT);
        expect(git(remote, 'rev-list', '--count', `main..${BRANCH}`).trim()).toBe('1');
        expect(git(remote, 'rev-parse', `${BRANCH}^`).trim()).toBe(git(dir, 'rev-parse', 'HEAD').trim());
        await killCli(second);
      }, 180_000);
    }
  });
}
