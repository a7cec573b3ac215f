import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server serving byte payloads by path, for imports to fetch. */
export interface ByteServer {
  url(path: string): string;
  set(path: string, bytes: Uint8Array | string, contentType?: string): void;
  close(): Promise<void>;
}

export async function startByteServer(): Promise<ByteServer> {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const server = createServer((request, response) => {
    const file = files.get(request.url ?? '');
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.bytes.byteLength) });
    response.end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set(path, bytes, contentType = 'application/octet-stream') {
      files.set(path, { bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes, contentType });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A zip of `path → text or bytes`, the way a repository archive looks. */
export function textEntries(entries: Record<string, string | Uint8Array>): Record<string, Uint8Array> {
  return Object.fromEntries(Object.entries(entries).map(([path, value]) => [path, typeof value === 'string' ? new TextEncoder().encode(value) : value]));
}
