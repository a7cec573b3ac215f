import type { EmulatorOptions } from './emulator-options.js';
import type { RequestStats } from './http/request-stats.js';
import type { EmulatorState } from './state/emulator-state.js';

/** What every route module receives: the state, the options and a way to run work later. */
export interface EmulatorContext {
  readonly options: EmulatorOptions;
  /** Replaced wholesale on `/_emulator/reset`, so read it through the context each time. */
  readonly state: EmulatorState;
  /** The base URL the emulator answers on (no trailing slash, without `/v1`). */
  readonly baseUrl: () => string;
  /** What `/_emulator/stats` reports; routes add to it what request counts cannot tell. */
  readonly stats: RequestStats;
  /** Runs `task` after `ms`; pending tasks are dropped on close and on reset. */
  schedule(ms: number, task: () => void | Promise<void>): void;
}
