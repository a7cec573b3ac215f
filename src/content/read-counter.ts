/** Counts file reads, so tests and benchmarks can prove that unchanged files were not read. */
export class ReadCounter {
  /** Files whose bytes were read. */
  files = 0;
  /** Bytes read, summed. */
  bytes = 0;

  record(byteLength: number): void {
    this.files += 1;
    this.bytes += byteLength;
  }

  reset(): void {
    this.files = 0;
    this.bytes = 0;
  }
}
