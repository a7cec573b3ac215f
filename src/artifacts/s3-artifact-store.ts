import { open, readFile } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
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

/**
 * A multipart upload reads its 8 MiB parts from the file into one buffer per part in flight, reused
 * part after part: 16 MiB whatever the bundle's size, and no garbage (lib-storage gathered each part
 * from a stream and concatenated it, a fresh 8 MiB or more per part).
 */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

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
      try {
        await (file.size <= PART_SIZE ? this.#putObject(key, file.path, options.signal) : this.#putParts(key, file, options.signal));
      } catch (error) {
        throw this.#failure('upload the bundle to', error);
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

  async #putObject(key: string, path: string, signal: AbortSignal | undefined): Promise<void> {
    const body = await readFile(path);
    await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: body, ContentType: 'application/zip' }), { abortSignal: signal });
  }

  /** A multipart upload of `file`, each part read into a reused buffer (the SDK retries a part from it); aborted on failure. */
  async #putParts(key: string, file: { readonly path: string; readonly size: number }, signal: AbortSignal | undefined): Promise<void> {
    const target = { Bucket: this.#bucket, Key: key };
    const { UploadId } = await this.#client.send(new CreateMultipartUploadCommand({ ...target, ContentType: 'application/zip' }), { abortSignal: signal });
    if (UploadId === undefined) throw new Error('the store started a multipart upload without an upload id');
    const count = Math.ceil(file.size / PART_SIZE);
    const etags: string[] = [];
    let next = 0;
    let failed = false;
    const handle = await open(file.path, 'r');
    try {
      const lane = async (buffer: Buffer): Promise<void> => {
        for (let index = next++; index < count && !failed; index = next++) {
          const length = Math.min(PART_SIZE, file.size - index * PART_SIZE);
          const { bytesRead } = await handle.read(buffer, 0, length, index * PART_SIZE);
          if (bytesRead !== length) throw new Error(`${file.path} is shorter than the ${file.size} bytes it had when it was written`);
          const part = new UploadPartCommand({ ...target, UploadId, PartNumber: index + 1, Body: buffer.subarray(0, length), ContentLength: length });
          const { ETag } = await this.#client.send(part, { abortSignal: signal });
          if (ETag === undefined) throw new Error(`the store answered part ${index + 1} without an ETag`);
          etags[index] = ETag;
        }
      };
      const lanes = Array.from({ length: Math.min(PARTS_IN_FLIGHT, count) }, () =>
        lane(Buffer.allocUnsafe(PART_SIZE)).catch((error: unknown) => {
          failed = true; // the other lane stops after its current part
          throw error;
        }),
      );
      // Both lanes end before the upload is completed or aborted and the file closed.
      const failure = (await Promise.allSettled(lanes)).find((lane) => lane.status === 'rejected');
      if (failure !== undefined) throw failure.reason;
      const parts = etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 }));
      await this.#client.send(new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: parts } }), { abortSignal: signal });
    } catch (error) {
      // Parts already stored would be billed until the bucket's lifecycle rule removes them.
      await this.#client.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch(() => undefined);
      throw error;
    } finally {
      await handle.close();
    }
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
  permission: 'Allow s3:PutObject, s3:GetObject and s3:DeleteObject on the bundle prefix (see docs/configuration.md for a least-privilege policy).',
  unreachable: 'Check artifacts.endpoint and the network path to it.',
  failed: 'Check the store and retry.',
};

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'TokenRefreshRequired',
  'CredentialsProviderError',
]);
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
