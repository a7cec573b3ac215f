import { Writable } from 'node:stream';

/** A stream that keeps what was written, for reading log output back. */
export function sink(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}
