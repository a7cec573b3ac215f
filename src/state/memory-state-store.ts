import type { StateStore, TargetState } from './state-store.js';

/** State kept in memory: for the demo and for one-shot runs that must not write a file. */
export class MemoryStateStore implements StateStore {
  private readonly states = new Map<string, TargetState>();

  get(key: string): Promise<TargetState | undefined> {
    return Promise.resolve(this.states.get(key));
  }

  set(key: string, state: TargetState): Promise<void> {
    this.states.set(key, state);
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.states.delete(key);
    return Promise.resolve();
  }

  list(): Promise<Map<string, TargetState>> {
    return Promise.resolve(new Map(this.states));
  }
}
