import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { git, removeTempDirs, tempTree } from '../../support/temp-tree.js';

const S = '/v1/spaces/space-docs';

describe("the emulator's git import (importGitRepository)", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ contract: 'current' });
  });
  afterAll(() => emulator.close());
  afterEach(async () => {
    emulator.reset();
    await removeTempDirs();
  });

  it('refuses a repository off this machine with a 400 naming url, without echoing its credentials', async () => {
    const answer = await call(emulator, 'POST', `${S}/git/import`, {
      body: { url: 'https://bot:ghp_s3cret@github.com/acme/docs.git', ref: 'refs/heads/main' },
    });
    expect(answer.status).toBe(400);
    const message = String(json(answer.body).error.message);
    expect(message).toContain('Invalid body field "url"');
    expect(message).toContain('https://***@github.com/acme/docs.git');
    expect(message).not.toContain('ghp_s3cret');
  });

  it('answers 204 and imports after it, below repoProjectDirectory; a missing ref is 204 too, and changes nothing', async () => {
    const repo = await tempTree({ 'docs/SUMMARY.md': '* [Home](README.md)\n', 'docs/README.md': '# Home\n', 'other.md': '# Not docs\n' });
    git(repo, 'init', '--quiet');
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'Docs');
    const before = json((await call(emulator, 'GET', `${S}/content`)).body).id;

    const missing = await call(emulator, 'POST', `${S}/git/import`, { body: { url: `file://${repo}`, ref: 'refs/heads/nowhere' } });
    expect(missing.status).toBe(204);
    const imported = await call(emulator, 'POST', `${S}/git/import`, { body: { url: repo, ref: 'refs/heads/main', repoProjectDirectory: 'docs' } });
    expect(imported.status).toBe(204);
    const revision = await vi.waitFor(
      async () => {
        const read = json((await call(emulator, 'GET', `${S}/content`)).body);
        if (read.git?.oid === undefined) throw new Error('not imported yet');
        return read;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(revision.id).not.toBe(before);
    expect(revision.git.oid).toBe(git(repo, 'rev-parse', 'HEAD').trim());
    expect(revision.pages.map((page: { title: string; git?: { path: string } }) => [page.title, page.git?.path])).toEqual([['Home', 'README.md']]);
    expect(revision.parents).toEqual([before]);
  });
});
