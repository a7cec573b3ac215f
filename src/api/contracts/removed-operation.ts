import { API_CONTRACTS } from './api-contract.js';
import { PUBLISHED_OPERATIONS } from './published-operations.js';

/** An operation of the seed's API that today's published document no longer lists. */
export interface RemovedOperation {
  readonly operationId: string;
  /** The `@gitbook/api` release whose document lacks it. */
  readonly missingSince: string;
  /** What docsync does instead on today's API. */
  readonly instead: string;
}

/** What docsync uses in place of the removed operations it once called. */
const INSTEAD: Readonly<Record<string, string>> = {
  importContent: 'docsync writes content page by page in a change request (POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content)',
  importContentInChangeRequest:
    'docsync writes content page by page in the change request (POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content)',
  addSectionToGroup: 'docsync moves a section into a group with PATCH …/sections/{siteSectionId} and its siteSectionGroupId',
  removeSectionFromGroup: 'docsync moves a section out of its group with PATCH …/sections/{siteSectionId} and siteSectionGroupId null',
};

interface Matcher {
  readonly method: string;
  readonly pattern: RegExp;
  readonly operationId: string;
}

function matchers(operations: Readonly<Record<string, string>>): Matcher[] {
  return Object.entries(operations).map(([key, operationId]) => {
    const [method = '', template = ''] = key.split(' ');
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]*\\?\}/g, '[^/]+');
    // The API's base path may sit under a prefix of the endpoint (`https://host/api/v1`).
    return { method, pattern: new RegExp(`/v1${source}/?$`), operationId };
  });
}

/** Built on the first 404 that asks: some 700 patterns a run that meets no 404 never needs. */
let built: { readonly seed: Matcher[]; readonly current: Matcher[] } | undefined;
function allMatchers(): { readonly seed: Matcher[]; readonly current: Matcher[] } {
  built ??= { seed: matchers(PUBLISHED_OPERATIONS.seed), current: matchers(PUBLISHED_OPERATIONS.current) };
  return built;
}

/**
 * The seed operation `method path` (`…/v1/…`, concrete, query allowed) reaches when today's document
 * has no operation there; undefined when today's API has it, or neither version does.
 */
export function removedOperation(method: string, path: string): RemovedOperation | undefined {
  const bare = path.split('?')[0] ?? '';
  const upper = method.toUpperCase();
  const reaches = (list: readonly Matcher[]) => list.find((m) => m.method === upper && m.pattern.test(bare));
  const all = allMatchers();
  if (reaches(all.current) !== undefined) return undefined;
  const seed = reaches(all.seed);
  if (seed === undefined) return undefined;
  return {
    operationId: seed.operationId,
    missingSince: API_CONTRACTS.current.version,
    instead: INSTEAD[seed.operationId] ?? 'docsync has no replacement for it',
  };
}
