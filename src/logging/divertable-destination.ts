/** Where finished log lines go: standard error, a test's collector. */
export interface LineSink {
  write(line: string): unknown;
}

/**
 * A log destination that can be pointed elsewhere for a while: while a progress bar holds the
 * terminal's last line, log lines go through the bar (which prints them above itself) instead of
 * being written across it.
 */
export class DivertableDestination implements LineSink {
  #to: (line: string) => unknown;

  constructor(private readonly fallback: LineSink) {
    this.#to = (line) => fallback.write(line);
  }

  write(line: string): void {
    this.#to(line);
  }

  /** Sends lines to `to` until the returned function is called. */
  divert(to: (line: string) => void): () => void {
    this.#to = to;
    return () => {
      this.#to = (line) => this.fallback.write(line);
    };
  }
}
