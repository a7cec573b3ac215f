import * as z from 'zod';
import { branchNameProblem } from './branch-name-problem.js';
import { ArtifactsConfigSchema } from './artifacts-config-schema.js';
import { HttpConfigSchema } from './http-config-schema.js';
import { RedisConfigSchema } from './redis-config-schema.js';
import { DaemonConfigSchema } from './daemon-config-schema.js';
import { Duration } from './duration.js';
import { GitDeliverySchema, gitDeliveryProblems } from './git-delivery-schema.js';
import { SiteTargetSchema } from './site-target-schema.js';
import { SpecTargetSchema } from './spec-target-schema.js';

/** The largest archive the API's content import fetches. */
export const DEFAULT_IMPORT_MAX_BYTES = 100 * 1024 * 1024;

const TargetName = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, { message: 'use lowercase letters, digits, ".", "_" or "-" (max 63)' });

export const SpaceTargetSchema = z
  .object({
    name: TargetName.describe("Stable name: it keys the sync state and marks docsync's change requests."),
    directory: z.string().min(1).describe('Folder of the GitBook-format docs, relative to the config file.'),
    spaceId: z.string().min(1).describe('Space to sync into.'),
    source: z.string().min(1).default('worktree').describe('`worktree` (files on disk, saved or not), `HEAD`, or any git ref. Default `worktree`.'),
    mode: z
      .enum(['change-request', 'direct'])
      .default('change-request')
      .describe('`change-request` proposes each update for review; `direct` imports into the space. Default `change-request`.'),
    delivery: z
      .enum(['auto', 'changes', 'import', 'git'])
      .default('auto')
      .describe(
        "How content is written: `changes` sends page-level change batches into a change request (today's API; only what differs is sent, page ids survive moves), `import` imports a zip of the docs (the API as the seed describes it), `git` has the platform import the commit from the repository `git.url` names (GitBook's Git Sync import: groups and link entries kept; `mode: direct` only), `auto` uses change batches and falls back to import on an API without them. Default `auto`.",
      ),
    git: GitDeliverySchema.optional().describe('The repository the platform imports from, with `delivery: git`.'),
    groups: z
      .enum(['pages', 'flat'])
      .default('pages')
      .describe(
        "What content batches (today's API) do with what they cannot create: a `##` group of `SUMMARY.md` the space does not hold, and an item without a link holding pages. `pages`: each becomes a page of its title holding its pages, so the navigation keeps its sections (a group the space holds is used as is). `flat`: their pages move up a level (a group's to the top level). The report names each group it could not use, and with `flat` each item without a link. Default `pages`.",
      ),
    changeRequest: z
      .object({
        subject: z
          .string()
          .min(1)
          .default('{commit.subject}')
          .describe('Subject template: `{commit.subject}`, `{commit.sha}`, `{target}`. Cut to 100 characters.'),
        reviewers: z.array(z.string().min(1)).default([]).describe('User ids asked to review a new change request.'),
        autoMerge: z.boolean().default(false).describe('Merge as soon as the content is imported. Default false.'),
      })
      .prefault({}),
    assets: z
      .object({
        include: z
          .array(z.string().min(1))
          .default([])
          .describe(
            'gitignore-style patterns, relative to the docs root, of files bundled even when no page references them (e.g. `.gitbook/assets/**`). Default none: only referenced files are bundled.',
          ),
        exclude: z.array(z.string().min(1)).default([]).describe('gitignore-style patterns of files never bundled, even when referenced. Default none.'),
      })
      .prefault({}),
    platformEdits: z
      .enum(['preserve', 'adopt', 'overwrite'])
      .default('preserve')
      .describe(
        "What a sync does with pages changed in the platform since docsync last synced them. `preserve`: git's version goes live, and the platform's is first committed to `platformEditsBranch` and pushed to `platformEditsRemote`. `adopt`: pages changed only in the platform stay live as they are and are committed to that branch. `overwrite`: git's version goes live and the platform's is dropped. Default `preserve`.",
      ),
    platformEditsBranch: z
      .string()
      .min(1)
      .default('docsync/platform-edits/{target}')
      .describe("Branch the platform's versions of pages are committed to; `{target}` is the target's name. Default `docsync/platform-edits/{target}`."),
    platformEditsRemote: z
      .string()
      .min(1)
      .default('origin')
      .describe("Git remote (a name of the docs repository's remotes) that branch is pushed to. Default `origin`."),
    redirects: z
      .enum(['auto', 'off'])
      .default('auto')
      .describe(
        "Redirects of the site the space is published in. `.gitbook.yaml` `redirects` are always kept there (prefixed by the site space's path, each to its page by id). `auto` also gives a page a sync moves or renames a redirect from its old path; `off` does not. Redirects made in the platform are never changed nor deleted. Default `auto`.",
      ),
    import: z
      .object({
        maxBytes: z
          .number()
          .int()
          .positive()
          .default(DEFAULT_IMPORT_MAX_BYTES)
          .describe(
            "Largest bundle sent to the import, in bytes; a larger one fails the target before any write. Default 104857600 (100 MiB, the API's import limit).",
          ),
      })
      .prefault({}),
  })
  .superRefine((target, context) => {
    // Checked at load: a bad name otherwise fails only at the push, after the sync has begun.
    const branch = target.platformEditsBranch.replaceAll('{target}', target.name);
    const problem = branchNameProblem(branch);
    const synced = target.source.replace(/^refs\/heads\//, '');
    const message =
      problem !== undefined
        ? `${JSON.stringify(branch)} ${problem}; use a branch name like docsync/platform-edits/{target}`
        : branch === synced
          ? `"${branch}" is the branch this target syncs (\`source\`); platform edits need a branch of their own, like docsync/platform-edits/{target}`
          : undefined;
    if (message !== undefined) context.addIssue({ code: 'custom', path: ['platformEditsBranch'], message, input: target.platformEditsBranch });
    for (const issue of gitDeliveryProblems(target)) context.addIssue({ code: 'custom', ...issue, input: target.delivery });
  });
export type SpaceTarget = z.infer<typeof SpaceTargetSchema>;

export const DocsyncConfigSchema = z.object({
  api: z
    .object({
      endpoint: z
        .url({ protocol: /^https?$/, message: 'use an http(s) URL, like https://api.gitbook.com' })
        .optional()
        .describe('API host; default from DOCSYNC_ENDPOINT or GITBOOK_ENDPOINT, else https://api.gitbook.com.'),
      token: z.string().min(1).optional().describe('Bearer token; default from DOCSYNC_TOKEN or GITBOOK_TOKEN. Use `${GITBOOK_TOKEN}`, never a literal.'),
      timeout: Duration.default(30_000).describe('Per-request timeout: the wait for an answer to start, and each pause while it arrives. Default 30s.'),
      deadline: Duration.default(120_000).describe(
        'Longest one request may take from sending to the last byte of its answer, however steadily it arrives; a slower answer fails the call. Default 120s.',
      ),
      maxResponseBytes: z
        .number()
        .int()
        .positive()
        .default(64 * 1_048_576)
        .describe('Largest answer read from the API, in bytes; a larger one fails the call before it fills memory. Default 67108864 (64 MiB).'),
    })
    .prefault({}),
  state: z
    .object({
      backend: z
        .enum(['file', 'redis'])
        .optional()
        .describe('Where sync state lives: a JSON file or Redis. Default: `file` for one-shot commands, `redis` for the daemon, watcher and workers.'),
      path: z.string().default('.docsync/state.json').describe('State file for the file backend, relative to the config file. Default `.docsync/state.json`.'),
    })
    .prefault({}),
  artifacts: ArtifactsConfigSchema.prefault({}),
  http: HttpConfigSchema.prefault({}),
  redis: RedisConfigSchema.prefault({}),
  sync: z
    .object({
      maxDeletions: z
        .union([z.number().int().nonnegative(), z.string().regex(/^(100|\d{1,2})(\.\d+)?%$/, { message: 'use a number of pages, or a share like "25%"' })])
        .default('25%')
        .describe(
          'Most live pages (synced from git) one sync may remove: a number, or a share of them like `25%` (rounded up to whole pages). More stops the sync before any write (exit 2) unless `--allow-deletions`. Default `25%`.',
        ),
    })
    .prefault({})
    .describe('Guards of space syncs.'),
  spaces: z.array(SpaceTargetSchema).default([]),
  daemon: DaemonConfigSchema.prefault({}).describe('The long-lived service: reconcile interval, concurrency, shutdown grace.'),
  specs: z.array(SpecTargetSchema).default([]).describe('OpenAPI specs to validate, publish and wait for.'),
  site: SiteTargetSchema.optional().describe('A docs site whose structure is kept as code.'),
  allowPaths: z
    .array(z.string().min(1))
    .default([])
    .describe(
      'Folders outside the repository that docsync may read (docs, specs and their `$ref`s, the site manifest), relative to the config file. Default none: every path must resolve, after symlinks, inside the repository holding the config.',
    ),
});
export type DocsyncConfig = z.infer<typeof DocsyncConfigSchema>;
export type DocsyncConfigInput = z.input<typeof DocsyncConfigSchema>;
