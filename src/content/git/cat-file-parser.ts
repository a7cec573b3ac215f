/** One object from `git cat-file --batch`: its bytes, or `undefined` when git reported it missing. */
export interface CatFileRecord {
  readonly oid: string;
  readonly bytes: Uint8Array | undefined;
}

/**
 * Incremental parser of `git cat-file --batch` output: `<oid> <type> <size>\n<bytes>\n` per object, or
 * `<oid> missing\n`. Chunks are joined once per object, never per chunk, so a large blob costs O(size).
 */
export class CatFileParser {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private current: { oid: string; size: number } | undefined;

  push(chunk: Buffer): CatFileRecord[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const records: CatFileRecord[] = [];
    for (;;) {
      if (this.current === undefined) {
        const data = this.join();
        const newline = data.indexOf(10);
        if (newline < 0) break;
        const header = data.subarray(0, newline).toString('utf8').split(' ');
        this.keep(data.subarray(newline + 1));
        const oid = header[0] ?? '';
        const size = Number(header[2]);
        if (header.length < 3 || !Number.isSafeInteger(size)) {
          records.push({ oid, bytes: undefined });
          continue;
        }
        this.current = { oid, size };
      }
      if (this.buffered < this.current.size + 1) break;
      const data = this.join();
      records.push({ oid: this.current.oid, bytes: new Uint8Array(data.subarray(0, this.current.size)) });
      this.keep(data.subarray(this.current.size + 1));
      this.current = undefined;
    }
    return records;
  }

  /** True when no partial object is waiting for more bytes. */
  get idle(): boolean {
    return this.current === undefined && this.buffered === 0;
  }

  private join(): Buffer {
    if (this.chunks.length !== 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private keep(rest: Buffer): void {
    this.chunks = rest.length === 0 ? [] : [rest];
    this.buffered = rest.length;
  }
}
