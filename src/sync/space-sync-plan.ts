import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { TargetState } from '../state/state-store.js';
import { withoutSyncToken } from './change-request-subject.js';

/** One write the sync will make, in order. */
export type SpaceSyncAction =
  | { kind: 'create-change-request'; subject: string }
  | { kind: 'update-from-main'; changeRequest: number }
  | { kind: 'set-subject'; changeRequest: number; subject: string }
  | { kind: 'import'; into: 'change-request' | 'space'; contentHash: string }
  /** Page-level change batches into the change request (today's API). */
  | { kind: 'deliver'; changes: number; summary: string }
  | { kind: 'request-reviewers'; users: string[] }
  | { kind: 'merge' }
  /** `delivery: git`: the commit pushed to the remote's ref, then imported by the platform from there (`url` without credentials). */
  | { kind: 'git-push' | 'git-import'; commit: string; ref: string; url: string };

export interface SpaceSyncPlan {
  target: string;
  /** Why nothing happens, when nothing does. */
  skipReason?: string;
  /** The change request the actions apply to (absent until one is created). */
  changeRequest?: { id: string; number: number };
  /** The subject of the change request the actions write into, without the sync token a delivery adds. */
  subject?: string;
  /** The change request holds {@link subject} as it is once the actions ran: created or set with it, or found with it. */
  subjectLive?: boolean;
  actions: SpaceSyncAction[];
}

export interface SpaceSyncPlanInput {
  target: SpaceTarget;
  contentHash: string;
  subject: string;
  state: TargetState | undefined;
  /** docsync's live, still-open change request for this target, when there is one. */
  liveChangeRequest: ChangeRequest | undefined;
  /**
   * The live content (that change request's, else the space's) already holds the bundle's pages and
   * files: nothing to import. Undefined when it was not read (the state already said unchanged).
   */
  liveMatches?: boolean | undefined;
  /**
   * Set when content goes as change batches (today's API): how many and what. They only go into a
   * change request, so `direct` opens one and merges it at once.
   */
  delivery?: { changes: number; summary: string } | undefined;
}

/**
 * Decides what a sync must write, from what it read. Pure: the same inputs give the same plan.
 * Unchanged since this runner's last sync, or already live (a runner without local state), means
 * zero writes; a change request that holds the content but was not merged yet is merged (brought up
 * to date from main first, when main moved since it was opened).
 */
export function planSpaceSync(input: SpaceSyncPlanInput): SpaceSyncPlan {
  const { target, contentHash, state, liveChangeRequest } = input;
  // The state's word stands only where the live content was not read: what is live decides otherwise.
  if (input.liveMatches === undefined && state?.lastHash === contentHash) {
    return { target: target.name, skipReason: 'content unchanged since the last sync', actions: [] };
  }
  if (input.liveMatches === true) {
    const cr = liveChangeRequest;
    if (!cr) return { target: target.name, skipReason: 'the space already holds this content', actions: [] };
    const changeRequest = { id: cr.id, number: cr.number };
    const merges = target.changeRequest.autoMerge || target.mode === 'direct';
    if (!merges) return { target: target.name, skipReason: `change request #${cr.number} already holds this content`, changeRequest, actions: [] };
    // Main moved since it was opened: merged as it is, main's new edits would meet a change request
    // planned without them. It is brought up to date and planned again, main's edits checked first.
    if (!cr.outdated) return { target: target.name, changeRequest, actions: [{ kind: 'merge' }] };
  }
  const { delivery } = input;
  if (target.mode === 'direct' && delivery === undefined) {
    return { target: target.name, actions: [{ kind: 'import', into: 'space', contentHash }] };
  }

  const actions: SpaceSyncAction[] = [];
  const cr = liveChangeRequest;
  if (!cr) actions.push({ kind: 'create-change-request', subject: input.subject });
  else {
    if (cr.outdated) actions.push({ kind: 'update-from-main', changeRequest: cr.number });
    // A subject carrying a sync token (a merge at once) is compared with it: the token names the content.
    const tokened = withoutSyncToken(input.subject, target.name) !== input.subject;
    if (cr.subject === undefined || (tokened ? cr.subject : withoutSyncToken(cr.subject, target.name)) !== input.subject)
      actions.push({ kind: 'set-subject', changeRequest: cr.number, subject: input.subject });
  }
  actions.push(delivery ? { kind: 'deliver', ...delivery } : { kind: 'import', into: 'change-request', contentHash });
  const subject = input.subject;
  const subjectLive = cr === undefined || cr.subject === subject || actions.some((action) => action.kind === 'set-subject');
  if (target.mode === 'direct') {
    actions.push({ kind: 'merge' });
    return { target: target.name, ...(cr ? { changeRequest: { id: cr.id, number: cr.number } } : {}), subject, subjectLive, actions };
  }
  const asked = new Set(cr && state?.changeRequest?.id === cr.id ? state.reviewersRequested : []);
  const missing = target.changeRequest.reviewers.filter((user) => !asked.has(user));
  if (missing.length > 0) actions.push({ kind: 'request-reviewers', users: missing });
  if (target.changeRequest.autoMerge) actions.push({ kind: 'merge' });
  return { target: target.name, ...(cr ? { changeRequest: { id: cr.id, number: cr.number } } : {}), subject, subjectLive, actions };
}

/** One line per action, for `--dry-run` and logs. */
export function describeAction(action: SpaceSyncAction): string {
  switch (action.kind) {
    case 'create-change-request':
      return `create change request "${action.subject}"`;
    case 'update-from-main':
      return `update change request #${action.changeRequest} from main (it is outdated)`;
    case 'set-subject':
      return `set the subject of change request #${action.changeRequest} to "${action.subject}"`;
    case 'import':
      return `import the bundle ${action.contentHash.slice(0, 12)} into the ${action.into === 'space' ? 'space' : 'change request'}`;
    case 'deliver':
      return `send ${action.changes} page change${action.changes === 1 ? '' : 's'} into the change request (${action.summary})`;
    case 'request-reviewers':
      return `request reviews from ${action.users.join(', ')}`;
    case 'merge':
      return 'merge the change request';
    case 'git-push':
      return `push commit ${action.commit.slice(0, 12)} to ${action.ref} on ${action.url}`;
    case 'git-import':
      return `have the platform import commit ${action.commit.slice(0, 12)} (${action.ref}) of ${action.url} into the space`;
  }
}
