import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startMotoServer } from '../../../support/moto-server.js';

// The SDK warns about Node versions its future releases drop; the installed one runs here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Credentials moto accepts when its IAM checks are off (the default). */
export const MOTO_CREDENTIALS = { accessKeyId: 'AKIADOCSYNCTEST00001', secretAccessKey: 'docsync-test-secret-access-key-value' };

export interface MotoBuckets {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  createBucket(name: string): Promise<void>;
  /** Keys in the bucket. */
  keys(bucket: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** A moto_server of the test's own, with an SDK client for the test's setup and checks. */
export async function startMoto(options: { iamChecks?: boolean } = {}): Promise<MotoBuckets> {
  const server = await startMotoServer(options);
  const client = new S3Client({ endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: MOTO_CREDENTIALS });
  return {
    endpoint: server.endpoint,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    },
    async stop() {
      client.destroy();
      await server.stop();
    },
  };
}
