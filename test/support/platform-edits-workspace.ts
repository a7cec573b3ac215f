import { join } from 'node:path';
import type { LoadedConfig } from '../../src/config/load-config.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { silentLogger } from '../../src/logging/logger.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { SpaceSyncResult } from '../../src/sync/space-sync-result.js';
import { syncSpace } from '../../src/sync/sync-space.js';
import { call, json } from './emulator-harness.js';
import { exampleWorkspace } from './sync-harness.js';
import { git, makeTempDir } from './temp-tree.js';

/**
 * The example docs committed in a repository (branch `main`) beside a local bare repository, which
 * is its `origin` and has the commit unless `remote: false`.
 */
export async function repoWorkspace(options: { remote?: boolean } = {}): Promise<{ dir: string; docs: string; remote: string }> {
  const { dir, docs } = await exampleWorkspace();
  const remote = await commitWithRemote(dir, ['docs'], options);
  return { dir, docs, remote };
}

/** Commits `paths` of `dir` into a new repository and makes a bare `origin` for it, pushed unless `remote: false`. */
export async function commitWithRemote(dir: string, paths: readonly string[], options: { remote?: boolean } = {}): Promise<string> {
  git(dir, 'init', '--quiet', '--initial-branch', 'main');
  git(dir, 'add', ...paths);
  git(dir, 'commit', '--quiet', '-m', 'Docs');
  const remote = await makeTempDir('docsync-remote-');
  git(remote, 'init', '--bare', '--quiet');
  if (options.remote !== false) {
    git(dir, 'remote', 'add', 'origin', remote);
    git(dir, 'push', '--quiet', 'origin', 'main');
  }
  return remote;
}

/** A page of a content tree as the API lists it. */
export type ListedPage = { id: string; title: string; type: string; pages?: ListedPage[] };

/** Every page of a listed tree, each before its subpages. */
export function flatPages(list: readonly ListedPage[]): ListedPage[] {
  return list.flatMap((page) => [page, ...flatPages(page.pages ?? [])]);
}

/** The live markdown of the space's document page titled `title` (in main, or in `revision`), as the API gives it. */
export async function liveMarkdown(emulator: RunningEmulator, spaceId: string, title: string, revision?: string): Promise<string> {
  const content = revision === undefined ? `/v1/spaces/${spaceId}/content` : `/v1/spaces/${spaceId}/revisions/${revision}`;
  const pages = json((await call(emulator, 'GET', `${content}/pages`)).body).pages as ListedPage[];
  // The last of that title: a heading page (a `##` group made a page) comes before the page it holds.
  const page = flatPages(pages).findLast((p) => p.type === 'document' && p.title === title);
  if (!page) throw new Error(`no live page ${title}`);
  return json((await call(emulator, 'GET', `${content}/page/${page.id}`, { query: { format: 'markdown' } })).body).markdown as string;
}

/** The page titled `title` in a change request of `space-docs` (the last of that title: a heading page comes first). */
export async function changeRequestPage(emulator: RunningEmulator, changeRequest: string, title: string): Promise<ListedPage | undefined> {
  const pages = json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${changeRequest}/content/pages`)).body).pages as ListedPage[];
  return flatPages(pages).findLast((page) => page.title === title);
}

/**
 * A pass of the daemon's reconcile loop over the first target: compares with the live content
 * whatever the state says. Its result, and the writes the emulator counted meanwhile.
 */
export async function reconcilePass(emulator: RunningEmulator, loaded: LoadedConfig): Promise<{ result: SpaceSyncResult; writes: number }> {
  const runtime = await createRuntime(loaded, { logger: silentLogger });
  try {
    const before = emulator.stats().writes;
    const result = await syncSpace(runtime.syncDeps, { ...loaded.config.spaces[0]!, directory: join(loaded.baseDir, 'docs') }, { compareLive: true });
    return { result, writes: emulator.stats().writes - before };
  } finally {
    await runtime.close();
  }
}
