import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ArtifactStore, PublishedArtifact } from './artifact-store.js';
import { UrlSigner } from './url-signer.js';

export interface HttpArtifactStoreOptions {
  /** Interface and port to listen on, `host:port`; port 0 picks a free one. Default `127.0.0.1:0`. */
  listen?: string;
  /** Base URL the API reaches this server at (a tunnel or ingress); default: the listen address. */
  publicUrl?: string | undefined;
  /** HMAC key for URL signatures; a random one per process when absent. */
  secret?: string | undefined;
  /** Lifetime of a URL in ms. Default 15 minutes. */
  defaultTtlMs?: number;
  now?: () => number;
}

interface Stored {
  bytes: Uint8Array;
  name: string;
  contentType: string;
  expiresAtSeconds: number;
}

/**
 * Serves published bundles and nothing else, each at `/artifacts/<random id>/<name>` with an
 * expiry and an HMAC signature. Unsigned, tampered and expired URLs get 403.
 */
export class HttpArtifactStore implements ArtifactStore {
  private constructor(
    private readonly app: FastifyInstance,
    private readonly artifacts: Map<string, Stored>,
    private readonly signer: UrlSigner,
    private readonly baseUrl: string,
    private readonly defaultTtlMs: number,
    private readonly now: () => number,
  ) {}

  static async start(options: HttpArtifactStoreOptions = {}): Promise<HttpArtifactStore> {
    const now = options.now ?? Date.now;
    const signer = new UrlSigner(options.secret ?? randomBytes(32).toString('base64url'));
    const { host, port } = parseListen(options.listen ?? '127.0.0.1:0');
    const app = Fastify({ logger: false, forceCloseConnections: true });
    const artifacts = new Map<string, Stored>();
    app.get<{ Params: { id: string; name: string }; Querystring: { expires?: string; signature?: string } }>(
      '/artifacts/:id/:name',
      (request, reply) => {
        const { id } = request.params;
        const expires = Number(request.query.expires);
        const signature = request.query.signature ?? '';
        if (!signer.verify(id, expires, signature, now())) {
          return reply.code(403).send({ error: 'This artifact URL is unsigned, altered or expired.' });
        }
        const artifact = artifacts.get(id);
        if (!artifact) return reply.code(404).send({ error: 'No such artifact.' });
        return reply.header('content-type', artifact.contentType).header('cache-control', 'no-store').send(Buffer.from(artifact.bytes));
      },
    );
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found.' }));
    await app.listen({ host, port });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The artifact server did not bind a TCP port.');
    const listenUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    return new HttpArtifactStore(
      app,
      artifacts,
      signer,
      (options.publicUrl ?? listenUrl).replace(/\/+$/, ''),
      options.defaultTtlMs ?? 15 * 60_000,
      now,
    );
  }

  publish(bytes: Uint8Array, options: { name: string; contentType: string; ttlMs?: number }): Promise<PublishedArtifact> {
    this.sweep();
    const id = randomBytes(16).toString('hex');
    const expiresAtSeconds = Math.ceil((this.now() + (options.ttlMs ?? this.defaultTtlMs)) / 1000);
    this.artifacts.set(id, { bytes, name: options.name, contentType: options.contentType, expiresAtSeconds });
    const signature = this.signer.sign(id, expiresAtSeconds);
    const url = `${this.baseUrl}/artifacts/${id}/${encodeURIComponent(options.name)}?expires=${expiresAtSeconds}&signature=${signature}`;
    return Promise.resolve({ url, expiresAt: new Date(expiresAtSeconds * 1000) });
  }

  async close(): Promise<void> {
    this.artifacts.clear();
    await this.app.close();
  }

  /** Expired bundles are dropped so memory stays bounded on a long-lived daemon. */
  private sweep(): void {
    const nowSeconds = this.now() / 1000;
    for (const [id, artifact] of this.artifacts) if (artifact.expiresAtSeconds <= nowSeconds) this.artifacts.delete(id);
  }
}

function parseListen(listen: string): { host: string; port: number } {
  const match = /^(.*):(\d+)$/.exec(listen);
  if (!match?.[1] || match[2] === undefined) {
    throw new Error(`artifacts.listen "${listen}" must be host:port, e.g. 127.0.0.1:8787.`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
