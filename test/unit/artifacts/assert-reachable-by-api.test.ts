import { describe, expect, it } from 'vitest';
import { assertReachableByApi } from '../../../src/artifacts/assert-reachable-by-api.js';
import { ArtifactStoreError } from '../../../src/artifacts/errors/artifact-store-error.js';
import { EXIT, exitCodeFor } from '../../../src/failure/exit-codes.js';

const store = (origin: string, description = `the embedded bundle server (artifacts.store: http) at ${origin}`) => ({ origin: new URL(origin), description });

function refusal(call: () => void): ArtifactStoreError {
  try {
    call();
  } catch (error) {
    if (error instanceof ArtifactStoreError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('assertReachableByApi', () => {
  it('refuses a loopback bundle URL for a public API, with exit 2, naming the store and both fixes', () => {
    const error = refusal(() => assertReachableByApi('https://api.gitbook.com', store('http://127.0.0.1:8787'), 'http'));
    expect(exitCodeFor(error)).toBe(EXIT.config);
    expect(error.message).toContain(
      'The API at https://api.gitbook.com cannot fetch bundles from the embedded bundle server (artifacts.store: http) at http://127.0.0.1:8787',
    );
    expect(error.message).toContain('artifacts.store: s3');
    expect(error.message).toContain('artifacts.publicUrl');
  });

  it('refuses an S3-compatible endpoint on a private address for a public API, and says to change the endpoint', () => {
    const error = refusal(() =>
      assertReachableByApi('https://api.gitbook.com', store('http://192.168.1.5:9000', 'bucket "b" at http://192.168.1.5:9000 (artifacts.store: s3)'), 's3'),
    );
    expect(error.message).toContain('bucket "b" at http://192.168.1.5:9000');
    expect(error.message).toContain('artifacts.endpoint');
  });

  it('lets an API on loopback or a private network fetch from anywhere (the emulator)', () => {
    expect(() => assertReachableByApi('http://127.0.0.1:4010', store('http://127.0.0.1:8787'), 'http')).not.toThrow();
    expect(() => assertReachableByApi('http://localhost:4010', store('http://[::1]:8787'), 'http')).not.toThrow();
    expect(() => assertReachableByApi('http://10.0.0.7:4010', store('http://10.0.0.8:8787'), 'http')).not.toThrow();
  });

  it('accepts a public bundle URL for a public API: a tunnel, an ingress or a bucket', () => {
    expect(() => assertReachableByApi('https://api.gitbook.com', store('https://bundles.example.com'), 'http')).not.toThrow();
    expect(() => assertReachableByApi('https://api.gitbook.com', store('https://b.s3.us-east-1.amazonaws.com'), 's3')).not.toThrow();
  });
});
