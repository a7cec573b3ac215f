import type { ApiClient } from '../api/api-client.js';
import type { SpaceTarget } from '../config/config-schema.js';
import { listDocsyncChangeRequests } from './find-docsync-change-request.js';

/** A preview's change request that docsync archived. */
export interface ArchivedPreview {
  target: string;
  branch: string;
  changeRequest: { id: string; number: number; url?: string | undefined };
  /** The merged change request that made it obsolete, when main merged it. */
  supersededBy?: { number: number; url?: string | undefined } | undefined;
}

/** The name a target's preview for `branch` goes by: its state key and change-request marker. */
export function previewName(target: string, branch: string): string {
  return `${target}@${branch}`;
}

/**
 * The target as a preview of `branch`: its own change request (marker `[docsync:<target>@<branch>]`),
 * never merged nor imported straight into the space, whatever the main sync does. A `delivery: git`
 * target's preview goes in as the API allows into a change request (the git import writes the space).
 */
export function previewTarget(target: SpaceTarget, branch: string): SpaceTarget {
  return {
    ...target,
    name: previewName(target.name, branch),
    mode: 'change-request',
    ...(target.delivery === 'git' ? { delivery: 'auto' as const } : {}),
    changeRequest: { ...target.changeRequest, autoMerge: false },
  };
}

/**
 * The branch a CI run previews: the pull request's head branch on GitHub Actions, the merge
 * request's source branch on GitLab; none on a push to the main branch.
 */
export function ciPreviewBranch(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const branch = env.GITHUB_HEAD_REF ?? env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME;
  return branch === undefined || branch.trim() === '' ? undefined : branch.trim();
}

/** The branch a merge commit brought in, from its subject as GitHub, GitLab and git write it. */
export function mergedBranch(commitSubject: string): string | undefined {
  const github = /^Merge pull request #\d+ from [^/\s]+\/(\S+)/.exec(commitSubject);
  if (github?.[1] !== undefined) return github[1];
  return /^Merge (?:remote-tracking )?branch '([^']+)'/.exec(commitSubject)?.[1];
}

/**
 * Archives every open or draft preview change request of `target` for `branch`; with `supersededBy`,
 * first leaves a comment linking the change request that merged. Touches nothing else; a dry run
 * only lists them.
 */
export async function archivePreviews(
  api: Pick<ApiClient, 'changeRequests'>,
  target: SpaceTarget,
  branch: string,
  options: { supersededBy?: ArchivedPreview['supersededBy']; dryRun?: boolean; signal?: AbortSignal } = {},
): Promise<ArchivedPreview[]> {
  const { supersededBy, signal } = options;
  const archived: ArchivedPreview[] = [];
  for (const cr of await listDocsyncChangeRequests(api, target.spaceId, previewName(target.name, branch), signal)) {
    if (options.dryRun === true) {
      archived.push({ target: target.name, branch, changeRequest: { id: cr.id, number: cr.number, url: cr.urls.app }, supersededBy });
      continue;
    }
    if (supersededBy) {
      const link = supersededBy.url === undefined ? `#${supersededBy.number}` : `[#${supersededBy.number}](${supersededBy.url})`;
      await api.changeRequests.comment(target.spaceId, cr.id, `Superseded by change request ${link}, merged from the main branch.`, { signal });
    }
    await api.changeRequests.update(target.spaceId, cr.id, { status: 'archived' }, { signal });
    archived.push({ target: target.name, branch, changeRequest: { id: cr.id, number: cr.number, url: cr.urls.app }, supersededBy });
  }
  return archived;
}
