import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logging/logger.js';
import { SecretRedactor, secretsFromEnv } from '../../../src/logging/redact-secrets.js';
import { sink } from '../../support/memory-sink.js';

const TOKEN = 'gb_api_Zq8xW2c7Lp0';

describe('SecretRedactor', () => {
  it('replaces a long secret as a whole token, wherever it stands', () => {
    const redactor = new SecretRedactor([TOKEN]);
    expect(redactor.text(`Bearer ${TOKEN}`)).toBe('Bearer [redacted]');
    expect(redactor.text(`"${TOKEN}", (${TOKEN}). token=${TOKEN}`)).toBe('"[redacted]", ([redacted]). token=[redacted]');
  });

  it('replaces a secret echoed glued, url-encoded, in another case or base64-encoded', () => {
    const redactor = new SecretRedactor([TOKEN]);
    expect(redactor.text(`x${TOKEN}y and token_${TOKEN}`)).toBe('x[redacted]y and token_[redacted]');
    expect(redactor.text(`Authorization: ${TOKEN.toUpperCase()}`)).toBe('Authorization: [redacted]');
    expect(redactor.text(encodeURIComponent(`Bearer ${TOKEN}`))).toBe('Bearer%20[redacted]');
    const spaced = new SecretRedactor(['s3cr3t key/with+signs']);
    expect(spaced.text(`k=${encodeURIComponent('s3cr3t key/with+signs')}`)).toBe('k=[redacted]');
    expect(spaced.text(new URLSearchParams({ k: 's3cr3t key/with+signs' }).toString())).toBe('k=[redacted]');
    // Base64 of the token inside a longer value, at each of the three alignments.
    for (const prefix of ['', 'u', 'us', 'user:']) {
      const encoded = Buffer.from(`${prefix}${TOKEN}!`).toString('base64');
      const shown = redactor.text(`Basic ${encoded}`);
      expect(shown).toContain('[redacted]');
      expect(Buffer.from(shown.replace(/^Basic /, ''), 'base64').toString('latin1')).not.toContain(TOKEN.slice(2, -2));
    }
    const url = Buffer.from(`\xff\xfe${TOKEN}`, 'latin1').toString('base64url');
    expect(redactor.text(url)).toContain('[redacted]');
  });

  it('never mangles ordinary words: short and common-word secrets are not looked for', () => {
    for (const secret of ['wrong', 'test', 'secret1', 'token']) {
      const redactor = new SecretRedactor([secret]);
      const message = `the API token is missing or wrong; test secret1 token`;
      expect(redactor.text(message)).toBe(message);
    }
    const password = new SecretRedactor(['password']);
    // A secret that is a plain word is hidden as a word, in any case, never inside other words.
    expect(password.text('the password is PASSWORD; passwords differ')).toBe('the [redacted] is [redacted]; passwords differ');
  });

  it('cuts the query of signed URLs (HMAC bundle URLs and S3 presigned URLs), keeping host and path', () => {
    const redactor = new SecretRedactor();
    const cases = [
      [
        'could not fetch http://127.0.0.1:4000/bundles/ab12.zip?expires=1700000000&signature=9f8e7d (403)',
        'could not fetch http://127.0.0.1:4000/bundles/ab12.zip?[redacted] (403)',
      ],
      [
        '"url":"https://b.s3.amazonaws.com/k/x.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20240101&X-Amz-Signature=abcd"',
        '"url":"https://b.s3.amazonaws.com/k/x.zip?[redacted]"',
      ],
      ['see https://example.com/a?page=2 for more', 'see https://example.com/a?page=2 for more'],
      ['GCS: https://storage.googleapis.com/b/x.zip?X-Goog-Algorithm=GOOG4&X-Goog-Signature=beef.', 'GCS: https://storage.googleapis.com/b/x.zip?[redacted].'],
      ['Azure: (https://a.blob.core.windows.net/c/x.zip?sv=2024&se=2030&sig=AbC%2Bd%3D)', 'Azure: (https://a.blob.core.windows.net/c/x.zip?[redacted])'],
      ['token: https://h/x.zip?token=s3cr3t-value', 'token: https://h/x.zip?[redacted]'],
    ] as const;
    for (const [input, output] of cases) expect(redactor.text(input)).toBe(output);
  });

  it('cuts the value of a signing parameter wherever the URL stands: without its scheme, encoded, in JSON or HTML', () => {
    const redactor = new SecretRedactor();
    const cases = [
      [
        'could not fetch 127.0.0.1:9/artifacts/ab/docs.zip?expires=1900000000&signature=9f8e7d (bad port)',
        'could not fetch 127.0.0.1:9/artifacts/ab/docs.zip?expires=1900000000&signature=[redacted] (bad port)',
      ],
      ['url=http%3A%2F%2Fh%2Fx.zip%3Fexpires%3D19%26signature%3DzZ9-_%26v%3D1', 'url=http%3A%2F%2Fh%2Fx.zip%3Fexpires%3D19%26signature%3D[redacted]%26v%3D1'],
      ['{"url":"h/x.zip?expires=19\\u0026signature=zZ9\\u0026v=1"}', '{"url":"h/x.zip?expires=19\\u0026signature=[redacted]\\u0026v=1"}'],
      ['<a href="/x.zip?expires=19&amp;signature=zZ9">', '<a href="/x.zip?expires=19&amp;signature=[redacted]">'],
      ['/x.zip?X-Amz-Credential=AKIA%2F2024&X-Amz-Signature=abcd', '/x.zip?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]'],
    ] as const;
    for (const [input, output] of cases) expect(redactor.text(input)).toBe(output);
    // Prose that names a signature, and queries that sign nothing, are left alone.
    for (const text of ['the signature is invalid; signature=? is asked for', 'https://h/a?design=1&page=2', 'a?assignature=1']) {
      expect(redactor.text(text)).toBe(text);
    }
  });

  it("collects the environment's secrets, and the password of REDIS_URL", () => {
    expect(
      secretsFromEnv({ GITBOOK_TOKEN: TOKEN, DOCSYNC_TOKEN: 'short', REDIS_URL: 'redis://:hunter2hunter2@redis:6379', HOME: '/home/someone-long' }),
    ).toEqual([TOKEN, 'hunter2hunter2']);
  });
});

describe('the logger', () => {
  it('hides environment secrets and signed URLs in messages, errors and any field', () => {
    const out = sink();
    const logger = createLogger({ destination: out, format: 'json', env: { DOCSYNC_TOKEN: TOKEN }, secrets: ['s3-secret-key-value'] });
    const error = new Error(`import failed for http://h/bundles/x.zip?expires=1&signature=abc (token ${TOKEN})`);
    logger.error({ err: error, detail: { note: 's3-secret-key-value' }, link: 'http://h/x?signature=zzz' }, `sync failed with ${TOKEN}`);
    const text = out.text();
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('signature=');
    expect(text).not.toContain('s3-secret-key-value');
    const record = JSON.parse(text) as { msg: string; err: { message: string } };
    expect(record.msg).toBe('sync failed with [redacted]');
    expect(record.err.message).toBe('import failed for http://h/bundles/x.zip?[redacted] (token [redacted])');
  });

  it('leaves messages alone when the token is a short word', () => {
    const out = sink();
    const logger = createLogger({ destination: out, format: 'json', env: { DOCSYNC_TOKEN: 'wrong' } });
    logger.error({}, 'the API token is missing or wrong');
    expect((JSON.parse(out.text()) as { msg: string }).msg).toBe('the API token is missing or wrong');
  });
});
