import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ArtifactFile, ArtifactStore, PublishedArtifact, PublishOptions } from './artifact-store.js';
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
  /**
   * Folder the bundles are served from. Stores sharing it (and the secret) serve each other's
   * bundles. Default: a new temporary folder, removed on close.
   */
  directory?: string | undefined;
  /** How often expired bundles are deleted, in ms. Default 1 minute. */
  sweepIntervalMs?: number;
  now?: () => number;
}

/** `<expires>-<id>.zip`: the expiry in the name lets any store sharing the folder delete expired bundles. */
const STORED = /^(\d{1,12})-([0-9a-f]{32})\.zip$/;
const storedName = (id: string, expiresAtSeconds: number): string => `${expiresAtSeconds}-${id}.zip`;

/**
 * Serves published bundles from disk and nothing else, each at `/artifacts/<random id>/<name>` with
 * an expiry and an HMAC signature. Unsigned, tampered and expired URLs get 403. Bundles are streamed
 * (memory does not grow with their size) and deleted when released or expired.
 */
export class HttpArtifactStore implements ArtifactStore {
  readonly description: string;
  readonly origin: URL;
  /** Bundles this store published and has not released: removed on close. */
  readonly #outstanding = new Set<string>();
  readonly #sweeper: NodeJS.Timeout;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly signer: UrlSigner,
    private readonly baseUrl: string,
    private readonly directory: { path: string; owned: boolean },
    private readonly defaultTtlMs: number,
    private readonly now: () => number,
    sweepIntervalMs: number,
    /** Stored name → whether its publisher still wants it served. */
    private readonly wanted: Map<string, () => Promise<boolean>>,
  ) {
    this.origin = new URL(baseUrl);
    this.description = `the embedded bundle server (artifacts.store: http) at ${this.origin.origin}`;
    this.#sweeper = setInterval(() => void this.sweep(), sweepIntervalMs).unref();
  }

  static async start(options: HttpArtifactStoreOptions = {}): Promise<HttpArtifactStore> {
    const now = options.now ?? Date.now;
    const signer = new UrlSigner(options.secret ?? randomBytes(32).toString('base64url'));
    const { host, port } = parseListen(options.listen ?? '127.0.0.1:0');
    const directory = options.directory
      ? { path: options.directory, owned: false }
      : { path: await mkdtemp(join(tmpdir(), 'docsync-artifacts-')), owned: true };
    await mkdir(directory.path, { recursive: true });
    const app = Fastify({ logger: false, forceCloseConnections: true });
    const wanted = new Map<string, () => Promise<boolean>>();
    app.get<{ Params: { id: string; name: string }; Querystring: { expires?: string; signature?: string } }>('/artifacts/:id/:name', async (request, reply) => {
      const { id } = request.params;
      const expires = Number(request.query.expires);
      const signature = request.query.signature ?? '';
      if (!signer.verify(id, expires, signature, now()) || !/^[0-9a-f]{32}$/.test(id)) {
        return reply.code(403).send({ error: 'This artifact URL is unsigned, altered or expired.' });
      }
      const stored = storedName(id, expires);
      const stillWanted = wanted.get(stored);
      if (stillWanted !== undefined && !(await stillWanted().catch(() => false))) {
        return reply.code(410).send({ error: 'This artifact was withdrawn: the run that published it no longer owns its job.' });
      }
      const path = join(directory.path, stored);
      const size = await stat(path).then(
        (stats) => stats.size,
        () => undefined,
      );
      if (size === undefined) return reply.code(404).send({ error: 'No such artifact.' });
      return reply.header('content-type', 'application/zip').header('content-length', size).header('cache-control', 'no-store').send(createReadStream(path));
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found.' }));
    await app.listen({ host, port });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The artifact server did not bind a TCP port.');
    const listenUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    return new HttpArtifactStore(
      app,
      signer,
      (options.publicUrl ?? listenUrl).replace(/\/+$/, ''),
      directory,
      options.defaultTtlMs ?? 15 * 60_000,
      now,
      options.sweepIntervalMs ?? 60_000,
      wanted,
    );
  }

  /** Links (or, across file systems, copies) the file into the served folder: the caller may delete its own. */
  async publish(file: ArtifactFile, options: PublishOptions = {}): Promise<PublishedArtifact> {
    await this.sweep();
    const id = randomBytes(16).toString('hex');
    const expiresAtSeconds = Math.ceil((this.now() + (options.ttlMs ?? this.defaultTtlMs)) / 1000);
    const key = storedName(id, expiresAtSeconds);
    const target = join(this.directory.path, key);
    await link(file.path, target).catch(() => copyFile(file.path, target));
    this.#outstanding.add(key);
    if (options.stillWanted) this.wanted.set(key, options.stillWanted);
    const signature = this.signer.sign(id, expiresAtSeconds);
    const url = `${this.baseUrl}/artifacts/${id}/${encodeURIComponent(file.name)}?expires=${expiresAtSeconds}&signature=${signature}`;
    return { url, expiresAt: new Date(expiresAtSeconds * 1000), key };
  }

  async release(artifact: PublishedArtifact): Promise<void> {
    if (!STORED.test(artifact.key)) return;
    this.#outstanding.delete(artifact.key);
    this.wanted.delete(artifact.key);
    await rm(join(this.directory.path, artifact.key), { force: true });
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await this.app.close();
    if (this.directory.owned) await rm(this.directory.path, { recursive: true, force: true });
    else for (const key of this.#outstanding) await rm(join(this.directory.path, key), { force: true });
    this.#outstanding.clear();
  }

  toJSON(): string {
    return this.description;
  }

  /** Deletes expired bundles (anyone's, when the folder is shared) so the disk stays bounded on a long-lived daemon. */
  private async sweep(): Promise<void> {
    const nowSeconds = this.now() / 1000;
    const names = await readdir(this.directory.path).catch(() => []);
    for (const name of names) {
      const match = STORED.exec(name);
      if (!match || Number(match[1]) > nowSeconds) continue;
      this.#outstanding.delete(name);
      await rm(join(this.directory.path, name), { force: true });
    }
  }
}

function parseListen(listen: string): { host: string; port: number } {
  const match = /^(.*):(\d+)$/.exec(listen);
  if (!match?.[1] || match[2] === undefined) {
    throw new Error(`artifacts.listen "${listen}" must be host:port, e.g. 127.0.0.1:8787.`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
