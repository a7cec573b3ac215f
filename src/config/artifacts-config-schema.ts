import * as z from 'zod';
import { Duration } from './duration.js';
import { ListenAddress } from './http-config-schema.js';

/** SigV4 presigned URLs live at most seven days. */
const MAX_PRESIGN_MS = 7 * 24 * 3_600_000;

/**
 * Where bundles go so the API can fetch them: the embedded HTTP server (`http`, for the emulator,
 * the demo and tunnels) or an S3-compatible bucket with presigned URLs (`s3`, for a hosted API).
 */
export const ArtifactsConfigSchema = z
  .object({
    store: z
      .enum(['http', 's3', 'none'])
      .default('http')
      .describe(
        "`http`: the embedded bundle server (emulator, demo, tunnels). `s3`: an S3-compatible bucket with presigned URLs (a hosted API). `none`: nothing served by URL; today's API takes files up to 1 MB inline, and a larger file (or a zip import) stops the sync before anything is sent. Default `http`.",
      ),
    ttl: Duration.default(15 * 60_000).describe('How long a bundle URL stays valid. Default 15m; at most 7 days with `s3`.'),
    listen: ListenAddress.default('127.0.0.1:0').describe('`http` store: where the bundle server listens, `host:port`. Default `127.0.0.1:0` (a free port).'),
    publicUrl: z.url().optional().describe('`http` store: URL the API fetches bundles from, when it cannot reach `listen` directly (tunnel, ingress).'),
    secret: z
      .string()
      .min(16)
      .optional()
      .describe(
        '`http` store: HMAC key for bundle URLs, at least 16 characters; random per process when absent. Workers sharing `directory` need the same one.',
      ),
    directory: z
      .string()
      .default('.docsync/artifacts')
      .describe(
        '`http` store: folder the bundles are served from, relative to the config file. Default `.docsync/artifacts`; share it (and `secret`) so any worker can serve any bundle.',
      ),
    bucket: z.string().min(3).optional().describe('`s3` store: bucket name (required with `s3`).'),
    prefix: z.string().default('docsync/').describe('`s3` store: key prefix of the bundles. Default `docsync/`.'),
    region: z.string().min(1).optional().describe('`s3` store: region; default from the SDK (AWS_REGION, the profile), else `us-east-1`. R2: `auto`.'),
    endpoint: z.url().optional().describe('`s3` store: endpoint of an S3-compatible service (R2, MinIO, GCS, B2); default AWS S3.'),
    forcePathStyle: z
      .boolean()
      .default(false)
      .describe('`s3` store: `bucket` in the path instead of the host name (MinIO and most self-hosted services). Default false.'),
  })
  .superRefine((value, ctx) => {
    if (value.store !== 's3') return;
    if (value.bucket === undefined) ctx.addIssue({ code: 'custom', path: ['bucket'], message: 'required when `store` is `s3`' });
    if (value.ttl > MAX_PRESIGN_MS) ctx.addIssue({ code: 'custom', path: ['ttl'], message: 'presigned URLs live at most 7 days: use 168h or less' });
  });
export type ArtifactsConfig = z.infer<typeof ArtifactsConfigSchema>;
