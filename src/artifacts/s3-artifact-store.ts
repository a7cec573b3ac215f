import { createReadStream } from 'node:fs';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Logger } from '../logging/logger.js';
import type { ArtifactFile, ArtifactStore, PublishedArtifact } from './artifact-store.js';
import { ArtifactStoreError, type ArtifactFailure } from './errors/artifact-store-error.js';

export interface S3ArtifactStoreOptions {
  bucket: string;
  /** Key prefix, e.g. `docsync/`. */
  prefix: string;
  /** Default: `AWS_REGION`, `AWS_DEFAULT_REGION`, else `us-east-1`. */
  region?: string | undefined;
  /** An S3-compatible service's endpoint; default AWS S3. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Lifetime of a presigned URL in ms. */
  defaultTtlMs: number;
  /** Default: the SDK's standard chain (environment, shared profile, instance or container role). */
  credentials?: S3ClientConfig['credentials'];
  env?: Readonly<Record<string, string | undefined>>;
  logger: Logger;
}

/** Lets a multipart upload hold a few 8 MiB parts in memory at most, whatever the bundle's size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Bundles in an S3-compatible bucket, keyed by the sha256 of their bytes (a retried import finds
 * the object with a HEAD and skips the upload), streamed from disk (multipart above one part), and
 * handed to the API as presigned GET URLs. The only module that talks to the AWS SDK.
 */
export class S3ArtifactStore implements ArtifactStore {
  readonly description: string;
  readonly origin: URL;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #logger: Logger;

  constructor(options: S3ArtifactStoreOptions) {
    const env = options.env ?? process.env;
    const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
    // The SDK warns about Node versions its future releases drop; engine-strict installs never pull those.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.#client = new S3Client({
      region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: R2, B2, GCS and older MinIO reject the default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 10_000 },
      maxAttempts: 3,
    });
    const endpoint = options.endpoint ?? `https://s3.${region}.amazonaws.com`;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
    this.#ttlMs = options.defaultTtlMs;
    this.#logger = options.logger;
    this.description = `bucket "${options.bucket}" at ${endpoint} (artifacts.store: s3)`;
    this.origin = new URL(options.endpoint ?? `https://${options.bucket}.s3.${region}.amazonaws.com`);
  }

  async publish(file: ArtifactFile, options: { ttlMs?: number; signal?: AbortSignal } = {}): Promise<PublishedArtifact> {
    const key = `${this.#prefix}${file.sha256}.zip`;
    const bucket = this.#bucket;
    if (await this.#holds(key, file.size, options.signal)) {
      this.#logger.info({ key, bytes: file.size }, 'bundle already in the bucket; upload skipped');
    } else {
      const started = performance.now();
      const upload = new Upload({
        client: this.#client,
        params: { Bucket: bucket, Key: key, Body: createReadStream(file.path), ContentType: 'application/zip', ContentLength: file.size },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      const abort = (): void => void upload.abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      try {
        await upload.done();
      } catch (error) {
        throw this.#failure('upload the bundle to', error);
      } finally {
        options.signal?.removeEventListener('abort', abort);
      }
      this.#logger.info({ key, bytes: file.size, ms: Math.round(performance.now() - started) }, 'bundle uploaded');
    }
    const expiresIn = Math.max(1, Math.ceil((options.ttlMs ?? this.#ttlMs) / 1000));
    try {
      const url = await getSignedUrl(this.#client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
      return { url, expiresAt: new Date(Date.now() + expiresIn * 1000), key };
    } catch (error) {
      throw this.#failure('presign a URL in', error);
    }
  }

  /** Deletes the object. A failure is logged, not thrown: the import succeeded, and the bucket's lifecycle rule removes strays. */
  async release(artifact: PublishedArtifact): Promise<void> {
    try {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: artifact.key }));
    } catch (error) {
      this.#logger.warn({ key: artifact.key, err: this.#failure('delete the bundle from', error).message }, 'bundle left in the bucket');
    }
  }

  close(): Promise<void> {
    this.#client.destroy();
    return Promise.resolve();
  }

  toJSON(): string {
    return this.description;
  }

  /** Whether the object is there already, whole. Any answer but 200 means "upload it": the upload's error says why it cannot. */
  async #holds(key: string, size: number, signal: AbortSignal | undefined): Promise<boolean> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }), signal ? { abortSignal: signal } : {});
      return head.ContentLength === size;
    } catch {
      return false;
    }
  }

  #failure(doing: string, error: unknown): ArtifactStoreError {
    const failure = classify(error);
    const detail = error instanceof Error ? error.message : String(error);
    return new ArtifactStoreError(`Could not ${doing} ${this.description}: ${detail}. ${ADVICE[failure]}`, failure, { cause: error });
  }
}

type StoreFailure = Extract<ArtifactFailure, 'bucket' | 'credentials' | 'permission' | 'unreachable' | 'failed'>;

const ADVICE: Record<StoreFailure, string> = {
  bucket: 'Create the bucket, or fix artifacts.bucket (and artifacts.region or artifacts.endpoint).',
  credentials:
    'Check the credentials the AWS SDK finds (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_PROFILE, or the instance or container role): they are missing, unknown to this service or expired.',
  permission: 'Allow s3:PutObject, s3:GetObject and s3:DeleteObject on the bundle prefix (see the README for a least-privilege policy).',
  unreachable: 'Check artifacts.endpoint and the network path to it.',
  failed: 'Check the store and retry.',
};

const CREDENTIAL_ERRORS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'InvalidToken', 'TokenRefreshRequired', 'CredentialsProviderError']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

function classify(error: unknown): StoreFailure {
  if (!(error instanceof Error)) return 'failed';
  const { name } = error;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (error as { code?: string }).code;
  if (name === 'NoSuchBucket') return 'bucket';
  if (CREDENTIAL_ERRORS.has(name)) return 'credentials';
  if (name === 'AccessDenied' || status === 403) return 'permission';
  if (name === 'TimeoutError' || (code !== undefined && NETWORK_CODES.has(code))) return 'unreachable';
  return 'failed';
}
