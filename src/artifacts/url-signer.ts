import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 signatures over an artifact id and its expiry, so URLs cannot be forged or extended. */
export class UrlSigner {
  readonly #secret: Buffer;

  constructor(secret: string) {
    if (secret.length < 16) throw new Error('artifacts.secret must be at least 16 characters.');
    this.#secret = Buffer.from(secret, 'utf8');
  }

  sign(id: string, expiresAtSeconds: number): string {
    return createHmac('sha256', this.#secret).update(`${id}.${expiresAtSeconds}`).digest('base64url');
  }

  /** True when the signature matches and the expiry has not passed. */
  verify(id: string, expiresAtSeconds: number, signature: string, nowMs: number): boolean {
    if (!Number.isSafeInteger(expiresAtSeconds) || expiresAtSeconds * 1000 <= nowMs) return false;
    const expected = Buffer.from(this.sign(id, expiresAtSeconds));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  toJSON(): string {
    return '[UrlSigner]';
  }
}
