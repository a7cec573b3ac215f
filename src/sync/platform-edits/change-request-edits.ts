import { posix } from 'node:path';
import { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { TargetState } from '../../state/state-store.js';
import type { PlatformEditsStepInput } from './platform-edits-step.js';
import { settlePlatformEdits, type PlatformEditsApi, type SettledEdits } from './settle-platform-edits.js';
import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { PreparedContent } from '../prepared-content.js';
import type { TargetBase } from './detect-platform-edits.js';
import { livePathsOf } from '../pages/live-pages.js';
import { syncedLayout } from '../pages/synced-layout.js';

/**
 * Edits docsync did not make inside its own open change request (a reviewer's fix): the change
 * request's pages changed since docsync delivered them (their `updatedAt` is no longer the one read
 * back), compared with what it delivered. They are platform edits: to the branch under `preserve`,
 * kept in the change request under `adopt`. Undefined without a record of what was delivered there
 * (a runner without state cannot tell a reviewer's page from docsync's).
 */
export async function changeRequestEdits(
  api: PlatformEditsApi,
  changeRequest: string,
  input: Pick<PlatformEditsStepInput, 'target' | 'content' | 'state' | 'expected' | 'titlings' | 'dryRun' | 'signal' | 'download'>,
): Promise<SettledEdits | undefined> {
  const { target, state, content } = input;
  if (state?.delivered === undefined || state.changeRequest?.id !== changeRequest) return undefined;
  const expected = await input.expected();
  const base = await deliveredBase(target, content, expected, state.delivered.pages, input.signal);
  return settlePlatformEdits(
    api,
    target,
    content,
    expected,
    {
      base,
      delivered: state.delivered.pages,
      deliveredFiles: state.delivered.files,
      titlings: input.titlings,
      changeRequest,
      laidOut: (tree) => livePathsOf(syncedLayout(content.snapshot, tree, target.groups).groups),
    },
    { dryRun: input.dryRun, signal: input.signal, download: input.download },
  );
}

/**
 * What docsync delivered to the change request, page by page: git's version of each page it sent
 * (the one before a page git removed since). A page git changed since is taken as git has it now:
 * a reviewer's edit of it is then kept as the reviewer left it, not merged.
 */
async function deliveredBase(
  target: Pick<SpaceTarget, 'directory'>,
  content: Pick<PreparedContent, 'snapshot' | 'commit'>,
  expected: readonly ExpectedPage[],
  delivered: NonNullable<TargetState['delivered']>['pages'],
  signal: AbortSignal | undefined,
): Promise<TargetBase> {
  const gitOids = new Map(expected.map((page) => [page.path, page.oid]));
  let repository: Promise<GitRepository | undefined> | undefined;
  const removedOid = async (path: string): Promise<string | undefined> => {
    const git = await (repository ??= GitRepository.open(target.directory, { signal }).catch(() => undefined));
    const past = await git?.pastBlobs(content.commit?.oid ?? 'HEAD', posix.join(git.prefix, content.snapshot.root, path), 1);
    return past?.[0];
  };
  const entries: (readonly [string, { oid: string; fingerprint: string }])[] = [];
  for (const [path] of delivered) {
    const oid = gitOids.get(path) ?? (await removedOid(path));
    // No fingerprints: a base without a version has them made again from its blobs.
    if (oid !== undefined) entries.push([path, { oid, fingerprint: '' }]);
  }
  return { pages: new Map(entries) };
}
