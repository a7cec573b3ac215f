import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/failure/exit-codes.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import { changeRequestMarkdown, liveChangeRequests, recordingLogger } from '../../support/daemon-harness.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';
import { startExpiringS3Proxy, type ExpiringS3Proxy } from './support/expiring-s3-proxy.js';
import { MOTO_CREDENTIALS, startMoto, type MotoBuckets } from './support/moto-server.js';

let emulator: RunningEmulator;
let moto: MotoBuckets;
let proxy: ExpiringS3Proxy;
const savedEnv = { ...process.env };

beforeAll(async () => {
  // The store finds credentials through the SDK's standard chain, as it would on a CI runner.
  process.env.AWS_ACCESS_KEY_ID = MOTO_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = MOTO_CREDENTIALS.secretAccessKey;
  [emulator, moto] = await Promise.all([startTestEmulator({ contract: 'seed' }), startMoto()]);
  proxy = await startExpiringS3Proxy(moto.endpoint);
});
afterAll(async () => {
  await proxy.close();
  await Promise.all([emulator.close(), moto.stop()]);
  process.env = savedEnv;
});
beforeEach(() => {
  emulator.reset();
  proxy.lateByMs = 0;
});

const newBucket = (): string => `docsync-test-${randomBytes(4).toString('hex')}`;

async function syncWithS3(bucket: string, endpoint: string, target: Record<string, unknown> = {}) {
  const { dir } = await exampleWorkspace();
  const logger = recordingLogger();
  const loaded = configFor(emulator, dir, target, { artifacts: { store: 's3', bucket, endpoint, forcePathStyle: true, region: 'us-east-1' } });
  const run = () => runSyncOnce(loaded, { dryRun: false, logger });
  return { run, logger };
}

/** Nothing secret in what docsync said: no signature, no credential. */
function expectNoSecrets(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toMatch(/X-Amz-Signature|X-Amz-Credential/i);
    expect(text).not.toContain(MOTO_CREDENTIALS.secretAccessKey);
    expect(text).not.toContain(MOTO_CREDENTIALS.accessKeyId);
  }
}

describe('sync through an S3 artifact store (moto_server)', () => {
  it('uploads the bundle, the emulator imports it from the presigned URL, and the object is deleted', async () => {
    const bucket = newBucket();
    await moto.createBucket(bucket);
    const { run, logger } = await syncWithS3(bucket, moto.endpoint);
    const report = await run();
    expect(report.failures).toEqual([]);
    expect(report.results[0]).toMatchObject({ outcome: 'created', changeRequest: { number: 1 } });
    const [cr] = await liveChangeRequests(emulator);
    expect(await changeRequestMarkdown(emulator, cr!.id, 'getting-started/quickstart.md')).toContain('Quickstart');
    expect(await moto.keys(bucket)).toEqual([]);
    expect(logger.lines.join('\n')).toContain('bundle uploaded');
    expectNoSecrets(logger.lines.join('\n'));
  });

  it('names bucket, endpoint and ttl when the URL expired before the API fetched it; the retry reuses the object and finishes the change request', async () => {
    const bucket = newBucket();
    await moto.createBucket(bucket);
    const { run, logger } = await syncWithS3(bucket, proxy.endpoint);
    proxy.lateByMs = 3_600_000; // the API fetches an hour after the URL was signed

    const failed = await run();
    expect(failed.failures).toHaveLength(1);
    const [failure] = failed.failures;
    expect(failure!.exitCode).toBe(EXIT.api);
    expect(failure!.code).toBe('E_ARTIFACT_NOT_FETCHED');
    expect(failure!.error).toContain(`bucket "${bucket}" at ${proxy.endpoint}`);
    expect(failure!.error).toContain('artifacts.ttl');
    const [key] = await moto.keys(bucket);
    expect(key).toMatch(/^docsync\/[0-9a-f]{64}\.zip$/); // kept for the retry

    proxy.lateByMs = 0;
    logger.lines.length = 0;
    const retried = await run();
    expect(retried.failures).toEqual([]);
    expect(logger.lines.join('\n')).toContain('bundle already in the bucket; upload skipped');
    expect(logger.lines.join('\n')).not.toContain('bundle uploaded');
    expect(await moto.keys(bucket)).toEqual([]);
    const live = await liveChangeRequests(emulator);
    expect(live).toHaveLength(1);
    expect(await changeRequestMarkdown(emulator, live[0]!.id, 'getting-started/quickstart.md')).toContain('Quickstart');
    expectNoSecrets(failure!.error, logger.lines.join('\n'));
  });

  it('fails with exit 2, naming bucket and endpoint, and opens no change request when the bucket does not exist', async () => {
    const bucket = newBucket();
    const { run, logger } = await syncWithS3(bucket, moto.endpoint);
    const report = await run();
    expect(report.failures).toHaveLength(1);
    const [failure] = report.failures;
    expect(failure!.exitCode).toBe(EXIT.config);
    expect(failure!.error).toContain(`bucket "${bucket}" at ${moto.endpoint}`);
    expect(failure!.error).toContain('Create the bucket, or fix artifacts.bucket');
    expect(await liveChangeRequests(emulator)).toEqual([]);
    expectNoSecrets(failure!.error, logger.lines.join('\n'));
  });

  it('fails with exit 3, naming bucket and endpoint, and opens no change request when the credentials are wrong', async () => {
    const strict = await startMoto({ iamChecks: true });
    try {
      const bucket = newBucket();
      const { run, logger } = await syncWithS3(bucket, strict.endpoint);
      const report = await run();
      expect(report.failures).toHaveLength(1);
      const [failure] = report.failures;
      expect(failure!.exitCode).toBe(EXIT.auth);
      expect(failure!.error).toContain(`bucket "${bucket}" at ${strict.endpoint}`);
      expect(failure!.error).toContain('AWS_ACCESS_KEY_ID');
      expect(await liveChangeRequests(emulator)).toEqual([]);
      expectNoSecrets(failure!.error, logger.lines.join('\n'));
    } finally {
      await strict.stop();
    }
  });
});
