import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the proxy holds: nothing of it reached the upstream yet. */
export interface HeldRequest {
  readonly method: string;
  readonly url: string;
  /** Sends it on, and its answer back to the caller (if the caller is still there). */
  forward(): Promise<void>;
  /** Sends it on, then answers the caller 500 instead of the upstream's answer: applied, but the caller never learns it. */
  forwardThenFail(): Promise<void>;
  /** Never sends it: the caller's connection is cut. */
  drop(): void;
}

export interface HoldingProxy {
  readonly url: string;
  /**
   * Holds the `nth` (1-based, counted from now) request for which `match` is true, and resolves
   * with it once it arrived; the requests before it pass.
   */
  hold(match: (method: string, url: string) => boolean, nth: number): Promise<HeldRequest>;
  close(): Promise<void>;
}

/**
 * A loopback HTTP proxy in front of one upstream (the emulator) that can stop one chosen request
 * before it reaches the upstream: a test knows exactly which calls were made when it acts (kills a
 * worker between two content batches), with no sleeps and no race with the worker.
 */
export async function startHoldingProxy(upstream: string): Promise<HoldingProxy> {
  const target = new URL(upstream);
  const holds: { match: (method: string, url: string) => boolean; left: number; resolve: (held: HeldRequest) => void }[] = [];

  const send = (
    incoming: IncomingMessage,
    body: Buffer,
    onAnswer: (status: number, headers: IncomingMessage['headers'], bytes: Buffer) => void,
  ): Promise<void> =>
    new Promise((resolve, reject) => {
      const out = httpRequest(
        { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            onAnswer(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks));
            resolve();
          });
          answer.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });

  const reply = (response: ServerResponse, status: number, headers: IncomingMessage['headers'], bytes: Buffer): void => {
    if (response.destroyed) return;
    const { 'transfer-encoding': _chunked, connection: _connection, ...kept } = headers;
    response.writeHead(status, { ...kept, 'content-length': String(bytes.byteLength) });
    response.end(bytes);
  };

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = incoming.method ?? 'GET';
      const url = incoming.url ?? '/';
      const index = holds.findIndex((hold) => hold.match(method, url) && --hold.left === 0);
      const pass = (): Promise<void> => send(incoming, body, (status, headers, bytes) => reply(response, status, headers, bytes));
      if (index === -1) {
        pass().catch(() => response.destroy());
        return;
      }
      const [hold] = holds.splice(index, 1);
      hold?.resolve({
        method,
        url,
        forward: pass,
        forwardThenFail: () =>
          send(incoming, body, () =>
            reply(
              response,
              500,
              { 'content-type': 'application/json' },
              Buffer.from(JSON.stringify({ error: { code: 500, message: 'The proxy lost the answer.' } })),
            ),
          ),
        drop: () => response.destroy(),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hold: (match, nth) => new Promise((resolve) => holds.push({ match, left: nth, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
