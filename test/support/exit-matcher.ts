import { expect } from 'vitest';

/** A finished CLI process: how it ended and what it printed. */
export interface FinishedCli {
  readonly code: number | null;
  readonly signal?: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface ExitMatchers<R = unknown> {
  /** The process exited with `code` (and no signal); when it did not, the failure shows what it printed. */
  toExitWith(code: number): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the matcher into vitest's own interfaces
  interface Assertion<T> extends ExitMatchers<T> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as above
  interface AsymmetricMatchersContaining extends ExitMatchers {}
}

/** The last `max` characters of a stream, marked when cut. */
function tail(text: string, max = 4_000): string {
  if (text === '') return '(nothing)';
  return text.length <= max ? text : `… ${text.slice(-max)}`;
}

expect.extend({
  toExitWith(received: FinishedCli, code: number) {
    const ended = received.signal ? `was killed by ${received.signal}` : `exited ${received.code ?? 'without a code'}`;
    return {
      pass: received.code === code && !received.signal,
      message: () =>
        `expected the command ${this.isNot ? 'not ' : ''}to exit ${code}; it ${ended}\n--- stdout ---\n${tail(received.stdout)}\n--- stderr ---\n${tail(received.stderr)}`,
    };
  },
});
