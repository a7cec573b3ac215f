import * as z from 'zod';
import { Duration } from './duration.js';

/** `git:` of a space target: the repository the platform imports from with `delivery: git`. */
export const GitDeliverySchema = z.object({
  url: z
    .string()
    .min(1)
    .describe(
      'URL of the repository the platform clones (`https://…`, `ssh://…`). It may carry credentials (`https://x-access-token:${GH_TOKEN}@github.com/org/docs.git`): they are never printed.',
    ),
  ref: z
    .string()
    .regex(/^refs\/(heads|tags)\/\S+$/, { message: 'use a full ref like refs/heads/main' })
    .optional()
    .describe(
      'Ref the platform imports, like `refs/heads/main`. Default: the branch `source` names, or for `worktree` and `HEAD` the branch checked out. It must hold the commit docsync syncs.',
    ),
  push: z
    .boolean()
    .default(false)
    .describe(
      'Push the synced commit to `ref` on `url` (a fast-forward only) when the remote does not hold it yet. Default false: a remote without the commit stops the sync (exit 9).',
    ),
  timeout: Duration.default(300_000).describe("Longest wait for the platform's import to show in the space. Default 5m."),
});
export type GitDelivery = z.infer<typeof GitDeliverySchema>;

/**
 * What `delivery: git` asks of the rest of a target: its `git:`, and `mode: direct`, since the
 * API's import (importGitRepository) writes the space itself and has no change request to write into.
 */
export function gitDeliveryProblems(target: { delivery: string; mode: string; git?: GitDelivery | undefined }): { path: string[]; message: string }[] {
  if (target.delivery !== 'git') return [];
  const problems: { path: string[]; message: string }[] = [];
  if (target.git === undefined) problems.push({ path: ['git'], message: '`delivery: git` needs `git.url`, the repository the platform imports from' });
  if (target.mode !== 'direct')
    problems.push({
      path: ['mode'],
      message:
        "`delivery: git` imports into the space itself (the API's import has no change request to write into): set `mode: direct`, and review in git before the ref moves",
    });
  return problems;
}
