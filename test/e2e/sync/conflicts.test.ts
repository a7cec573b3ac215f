import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { runInline } from '../../../src/queue/run-with-retries.js';
import { createRuntime } from '../../../src/runtime/create-runtime.js';
import { processorRegistry } from '../../../workers/processor-registry.js';
import { CLI } from '../../support/daemon-harness.js';
import { editSpaceByHand } from '../../support/edit-space-by-hand.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { JOBS } from '../../../src/jobs/job-kinds.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const PAGE = 'getting-started/quickstart.md';

async function changeRequest(number: number): Promise<Record<string, any>> {
  return json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${number}`)).body);
}

async function quickstartOnMain(): Promise<string> {
  const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as {
    id: string;
    git?: { path: string };
    title: string;
    pages?: unknown[];
  }[];
  const flat = (list: any[]): any[] => list.flatMap((p) => [p, ...flat(p.pages ?? [])]);
  const page = flat(pages).find((p) => p.title === 'Quickstart');
  return json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${page.id}`)).body).markdown as string;
}

/**
 * docsync's change request imports an edit of the quickstart page; then someone edits the same page
 * on main by hand. Returns the workspace, with docsync's change request still open.
 */
async function conflictingEdits(): Promise<{ dir: string; docs: string; number: number }> {
  const { dir, docs } = await exampleWorkspace();
  await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true } }));
  await writeFile(join(docs, PAGE), '# Quickstart\n\nEdited in git.\n');
  const opened = await syncOnce(configFor(emulator, dir));
  expect(opened.results[0]?.outcome).toBe('created');
  editSpaceByHand(emulator, 'space-docs', { gitPath: PAGE, markdown: '# Quickstart\n\nEdited in the browser.\n' });
  return { dir, docs, number: opened.results[0]!.changeRequest!.number };
}

describe('a merge or update that answers conflicts', () => {
  it('docsync merging its own change request: archives it and delivers into one opened from main', async () => {
    const { dir, number } = await conflictingEdits();
    // Chosen explicitly (platform-edits.test.ts keeps the browser's edit): git's version goes live.
    const autoMerge = configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits: 'overwrite' });
    // A CI runner without state: it finds the change request holding the content and merges it.
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const report = await syncOnce(autoMerge);
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.outcome).toBe('merged');
    const opened = report.results[0]?.changeRequest?.number;
    expect(opened).not.toBe(number);
    expect(report.results[0]?.warnings).toContainEqual(
      `change request #${number} conflicted with main (the platform changed pages it changes since it was opened): docsync archived it and delivered the docs into change request #${opened}, opened from main`,
    );
    expect((await changeRequest(number)).status).toBe('archived');
    expect(await quickstartOnMain()).toContain('Edited in git.');
    // Nothing more to do: the next run writes nothing.
    const writes = emulator.stats().writes;
    expect((await syncOnce(autoMerge)).results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().writes).toBe(writes);
  });

  it('a change request left for review: stays open, reported as conflict with its URL (exit 1), and not tried again until resolved', async () => {
    const { dir, docs, number } = await conflictingEdits();
    const held = configFor(emulator, dir, { platformEdits: 'overwrite' });
    await writeFile(join(docs, PAGE), `${await readFile(join(docs, PAGE), 'utf8')}\nAnd again.\n`);
    const report = await syncOnce(held);
    expect(report.results[0]).toMatchObject({ outcome: 'conflict', changeRequest: { number }, conflict: { operation: 'update-from-main' } });
    const url = (await changeRequest(number)).urls.app as string;
    expect(report.failures).toEqual([{ target: 'docs', code: 'E_SYNC_CONFLICT', exitCode: EXIT.failed, error: expect.stringContaining(url) }]);
    expect(report.failures[0]?.error).toMatch(/Resolve the conflicts and merge it in the platform, or archive it/);
    expect((await changeRequest(number)).status).toMatch(/^(open|draft)$/);
    expect(await quickstartOnMain()).toContain('Edited in the browser.');

    // Unresolved: the next run says so again without another attempt.
    const writes = emulator.stats().writes;
    const again = await syncOnce(held);
    expect(again.results[0]?.outcome).toBe('conflict');
    expect(again.failures[0]?.code).toBe('E_SYNC_CONFLICT');
    expect(emulator.stats().writes).toBe(writes);

    // Archived by a person: the next sync starts again from the current main.
    await call(emulator, 'PATCH', `/v1/spaces/space-docs/change-requests/${number}`, { body: { status: 'archived' } });
    const resolved = await syncOnce(held);
    expect(resolved.failures).toEqual([]);
    expect(resolved.results[0]?.outcome).toBe('created');
  });

  it('from the CLI: an outdated change request whose update from main conflicts exits 1 naming the change request', async () => {
    const { dir, docs, number } = await conflictingEdits();
    await writeFile(join(dir, 'docsync.yaml'), 'spaces:\n  - name: docs\n    directory: docs\n    spaceId: space-docs\n    platformEdits: overwrite\n');
    await writeFile(join(docs, PAGE), `${await readFile(join(docs, PAGE), 'utf8')}\nAnd again.\n`);
    const run = await promisify(execFile)(process.execPath, [CLI, 'sync', '--once', '--json'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: 'emulator-admin' },
    }).then(
      () => ({ code: 0, stdout: '' }),
      (error: unknown) => error as { code: number; stdout: string },
    );
    expect(run).toExitWith(EXIT.failed);
    const out = JSON.parse(run.stdout);
    expect(out.results[0]).toMatchObject({ outcome: 'conflict', changeRequest: { number }, conflict: { operation: 'update-from-main' } });
    expect(out.failures[0].error).toContain(`change request #${number}`);
    expect((await changeRequest(number)).status).toMatch(/^(open|draft)$/);
  });

  it('in the queue: the space-sync job completes with the conflict as its outcome, without retries', async () => {
    const { dir, docs, number } = await conflictingEdits();
    await writeFile(join(docs, PAGE), `${await readFile(join(docs, PAGE), 'utf8')}\nAnd again.\n`);
    const loaded = configFor(emulator, dir, { platformEdits: 'overwrite' });
    const runtime = await createRuntime(loaded, { logger: silentLogger });
    try {
      const registry = processorRegistry({ loaded, runtime, logger: silentLogger, enqueue: () => Promise.resolve() });
      const updateCalls = (): number =>
        emulator
          .stats()
          .routes.filter((r) => r.route.endsWith('/update'))
          .reduce((n, r) => n + r.count, 0);
      const before = updateCalls();
      const updates = (): number => updateCalls() - before;
      const summary = await runInline(JOBS, registry, 'space-sync', { target: 'docs', reason: 'reconcile' }, silentLogger, { backoffMs: 1 });
      expect(summary).toMatchObject({ outcome: 'conflict', changeRequest: number });
      expect(updates()).toBe(1);
      // The next reconcile pass reports it again without updating.
      expect(await runInline(JOBS, registry, 'space-sync', { target: 'docs', reason: 'reconcile' }, silentLogger, { backoffMs: 1 })).toMatchObject({
        outcome: 'conflict',
      });
      expect(updates()).toBe(1);
    } finally {
      await runtime.close();
    }
  });
});
