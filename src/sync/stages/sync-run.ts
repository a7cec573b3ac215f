import type { ContentApi } from '../../api/resources/content.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { TargetState } from '../../state/state-store.js';
import type { ChangeRequestBehindMain } from '../change-request-behind-main.js';
import { RevisionReadAhead } from '../revision-read-ahead.js';
import type { SyncSpaceDeps, SyncSpaceOptions } from '../sync-space-deps.js';
import { SyncStopwatch } from '../sync-stopwatch.js';

/** What every stage of one space sync shares: its inputs, its stopwatch, and its calls, timed and fenced. */
export interface SyncRun {
  readonly deps: SyncSpaceDeps;
  readonly target: SpaceTarget;
  readonly options: SyncSpaceOptions;
  readonly signal: AbortSignal | undefined;
  /** The target's key in the state store. */
  readonly key: string;
  readonly stopwatch: SyncStopwatch;
  /** Whether this target keeps a base (platform edits not `overwrite`). */
  readonly keepsBase: boolean;
  /**
   * Content reads started before a later stage asks for them; dropped once nothing more is read
   * (unchanged content) or before the first write.
   */
  readonly ahead: RevisionReadAhead;
  /** The content calls of page deliveries, which plan and check locally around them: only the calls count as API time. */
  readonly timedApi: {
    readonly content: Pick<ContentApi, 'getRevision' | 'applyChanges' | 'getPage'>;
    readonly rateBudget: SyncSpaceDeps['api']['rateBudget'];
  };
  /** An API call, counted as API time. */
  readonly api: <T>(call: () => Promise<T>) => Promise<T>;
  /** A write: the fence checked right before it, then counted as API time. */
  readonly write: <T>(call: () => Promise<T>) => Promise<T>;
  /** Writes the target's state, the fence checked right before. */
  readonly saveState: (state: TargetState) => Promise<void>;
  readonly now: () => Date;
  /** Set on the pass after docsync archived its change request behind main: what that pass kept of it. */
  readonly behindMain: ChangeRequestBehindMain | undefined;
  /** The change request an earlier pass of this run created, then found main moved: this run's, created. */
  readonly opened: string | undefined;
}

/** What the earlier passes of one sync left for the next (see `syncAgainIfMoved`). */
export interface EarlierPasses {
  readonly behindMain?: ChangeRequestBehindMain | undefined;
  readonly opened?: string | undefined;
}

export function startRun(deps: SyncSpaceDeps, target: SpaceTarget, options: SyncSpaceOptions, key: string, earlier: EarlierPasses = {}): SyncRun {
  const stopwatch = new SyncStopwatch();
  const api = <T>(call: () => Promise<T>): Promise<T> => stopwatch.time('apiMs', call);
  const ahead = new RevisionReadAhead(deps.api.content, deps.revisions);
  return {
    deps,
    target,
    options,
    signal: options.signal,
    key,
    stopwatch,
    keepsBase: target.platformEdits !== 'overwrite',
    ahead,
    timedApi: {
      content: {
        getRevision: (...args: Parameters<ContentApi['getRevision']>) => api(() => ahead.getRevision(...args)),
        applyChanges: (...args: Parameters<ContentApi['applyChanges']>) => api(() => deps.api.content.applyChanges(...args)),
        getPage: (...args: Parameters<ContentApi['getPage']>) => api(() => deps.api.content.getPage(...args)),
      },
      rateBudget: deps.api.rateBudget,
    },
    api,
    write: async <T>(call: () => Promise<T>): Promise<T> => {
      await options.fence?.check();
      return api(call);
    },
    saveState: async (state: TargetState): Promise<void> => {
      await options.fence?.check();
      await deps.state.set(key, state);
    },
    now: deps.now ?? (() => new Date()),
    behindMain: earlier.behindMain,
    opened: earlier.opened,
  };
}
