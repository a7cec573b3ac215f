import type { ServerResponse } from 'node:http';

/**
 * A 200 answer that never ends, written as fast as the client reads it: what a broken proxy or a
 * hostile server sends. Stops when the client goes away.
 */
export function sendEndless(res: ServerResponse, contentType = 'application/json'): void {
  const piece = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(200, { 'content-type': contentType });
  res.write('{"items":[');
  const pump = (): void => {
    while (!res.destroyed && res.write(piece));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

/** A 200 answer that trickles one byte every `everyMs` and never ends: each gap is short, the whole is not. */
export function sendTrickle(res: ServerResponse, everyMs: number, contentType = 'application/json'): void {
  res.writeHead(200, { 'content-type': contentType });
  const timer = setInterval(() => {
    if (res.destroyed) clearInterval(timer);
    else res.write(' ');
  }, everyMs);
  res.once('close', () => clearInterval(timer));
}
