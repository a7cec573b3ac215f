import { z } from 'zod';
import { HttpConfigSchema } from './http-config-schema.js';
import { RedisConfigSchema } from './redis-config-schema.js';
import { DaemonConfigSchema } from './daemon-config-schema.js';
import { Duration } from './duration.js';
import { SiteTargetSchema } from './site-target-schema.js';
import { SpecTargetSchema } from './spec-target-schema.js';

const TargetName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, { message: 'use lowercase letters, digits, ".", "_" or "-" (max 63)' });

export const SpaceTargetSchema = z.object({
  name: TargetName.describe('Stable name: it keys the sync state and marks docsync\'s change requests.'),
  directory: z.string().min(1).describe('Folder of the GitBook-format docs, relative to the config file.'),
  spaceId: z.string().min(1).describe('Space to sync into.'),
  source: z.string().min(1).default('worktree').describe('`worktree` (files on disk, saved or not), `HEAD`, or any git ref. Default `worktree`.'),
  mode: z.enum(['change-request', 'direct']).default('change-request').describe('`change-request` proposes each update for review; `direct` imports into the space. Default `change-request`.'),
  changeRequest: z
    .object({
      subject: z.string().min(1).default('{commit.subject}').describe('Subject template: `{commit.subject}`, `{commit.sha}`, `{target}`. Cut to 100 characters.'),
      reviewers: z.array(z.string().min(1)).default([]).describe('User ids asked to review a new change request.'),
      autoMerge: z.boolean().default(false).describe('Merge as soon as the content is imported. Default false.'),
    })
    .prefault({}),
});
export type SpaceTarget = z.infer<typeof SpaceTargetSchema>;

export const DocsyncConfigSchema = z.object({
  api: z
    .object({
      endpoint: z.url().optional().describe('API host; default from DOCSYNC_ENDPOINT or GITBOOK_ENDPOINT, else https://api.gitbook.com.'),
      token: z.string().min(1).optional().describe('Bearer token; default from DOCSYNC_TOKEN or GITBOOK_TOKEN. Use `${GITBOOK_TOKEN}`, never a literal.'),
      timeout: Duration.default(30_000).describe('Per-request timeout. Default 30s.'),
    })
    .prefault({}),
  state: z
    .object({
      backend: z.enum(['file', 'redis']).optional().describe('Where sync state lives: a JSON file or Redis. Default: `file` for one-shot commands, `redis` for the daemon, watcher and workers.'),
      path: z.string().default('.docsync/state.json').describe('State file for the file backend, relative to the config file. Default `.docsync/state.json`.'),
    })
    .prefault({}),
  artifacts: z
    .object({
      listen: z.string().default('127.0.0.1:0').describe('Where the bundle server listens, `host:port`. Default `127.0.0.1:0` (a free port).'),
      publicUrl: z.url().optional().describe('URL the API fetches bundles from, when it cannot reach `listen` directly (tunnel, ingress).'),
      secret: z.string().min(16).optional().describe('HMAC key for bundle URLs, at least 16 characters; random per process when absent.'),
      ttl: Duration.default(15 * 60_000).describe('How long a bundle URL stays valid. Default 15m.'),
    })
    .prefault({}),
  http: HttpConfigSchema.prefault({}),
  redis: RedisConfigSchema.prefault({}),
  spaces: z.array(SpaceTargetSchema).default([]),
  daemon: DaemonConfigSchema.prefault({}).describe('The long-lived service: reconcile interval, concurrency, shutdown grace.'),
  specs: z.array(SpecTargetSchema).default([]).describe('OpenAPI specs to validate, publish and wait for.'),
  site: SiteTargetSchema.optional().describe('A docs site whose structure is kept as code.'),
});
export type DocsyncConfig = z.infer<typeof DocsyncConfigSchema>;
export type DocsyncConfigInput = z.input<typeof DocsyncConfigSchema>;
