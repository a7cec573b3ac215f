import { createServer, request } from 'node:http';

export interface ExpiringS3Proxy {
  readonly endpoint: string;
  /** How far ahead of the real clock the proxy judges presigned URLs: an API that fetches this late. */
  lateByMs: number;
  close(): Promise<void>;
}

/**
 * Forwards every request to an S3 endpoint, and answers presigned URLs whose `X-Amz-Date` +
 * `X-Amz-Expires` has passed (on a clock `lateByMs` ahead) as S3 does: 403 `AccessDenied`,
 * "Request has expired". moto serves expired presigned URLs; AWS S3 and its clones refuse them.
 */
export async function startExpiringS3Proxy(upstream: string): Promise<ExpiringS3Proxy> {
  const target = new URL(upstream);
  let lateByMs = 0;
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://proxy');
    const signedAt = url.searchParams.get('X-Amz-Date');
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    if (signedAt !== null) {
      const signed = Date.parse(signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
      if (Date.now() + lateByMs > signed + expires * 1000) {
        outgoing.writeHead(403, { 'content-type': 'application/xml' });
        outgoing.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
        return;
      }
    }
    const forwarded = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy did not bind a TCP port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    get lateByMs() {
      return lateByMs;
    },
    set lateByMs(value) {
      lateByMs = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
