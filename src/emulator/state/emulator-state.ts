import { randomBytes } from 'node:crypto';

import type {
  ChangeRequestRecord,
  CollectionRecord,
  CommentRecord,
  LinkInviteRecord,
  MemberRecord,
  OpenAPISpecRecord,
  OpenAPIVersionRecord,
  OrganizationRecord,
  ReplyRecord,
  RevisionRecord,
  SamlProviderRecord,
  SectionGroupRecord,
  SectionRecord,
  ShareLinkRecord,
  ExternalLinkRecord,
  SiteRedirectRecord,
  SiteRecord,
  SiteSpaceRecord,
  SpaceRecord,
  TeamRecord,
  TranslationRecord,
  UserRecord,
} from './records.js';
import type { Random } from './random.js';

/** Every collection of records the emulator holds, keyed by id. */
export class EmulatorState {
  readonly users = new Map<string, UserRecord>();
  /** bearer token → user id */
  readonly tokens = new Map<string, string>();
  readonly organizations = new Map<string, OrganizationRecord>();
  /** key: memberKey(org, user) */
  readonly members = new Map<string, MemberRecord>();
  readonly teams = new Map<string, TeamRecord>();
  readonly linkInvites = new Map<string, LinkInviteRecord>();
  readonly collections = new Map<string, CollectionRecord>();
  readonly spaces = new Map<string, SpaceRecord>();
  readonly revisions = new Map<string, RevisionRecord>();
  readonly changeRequests = new Map<string, ChangeRequestRecord>();
  readonly comments = new Map<string, CommentRecord>();
  readonly replies = new Map<string, ReplyRecord>();
  readonly sites = new Map<string, SiteRecord>();
  readonly sectionGroups = new Map<string, SectionGroupRecord>();
  readonly sections = new Map<string, SectionRecord>();
  readonly siteSpaces = new Map<string, SiteSpaceRecord>();
  readonly shareLinks = new Map<string, ShareLinkRecord>();
  readonly externalLinks = new Map<string, ExternalLinkRecord>();
  readonly siteRedirects = new Map<string, SiteRedirectRecord>();
  readonly openapiSpecs = new Map<string, OpenAPISpecRecord>();
  readonly openapiVersions = new Map<string, OpenAPIVersionRecord>();
  readonly translations = new Map<string, TranslationRecord>();
  readonly samlProviders = new Map<string, SamlProviderRecord>();

  private counter = 0;

  constructor(
    private readonly random: Random,
    readonly now: () => Date,
  ) {}

  /** Opaque, unique, repeatable for a given seed: `<prefix>_<counter><random>`. */
  newId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${this.counter.toString(36)}${this.random.token(8)}`;
  }

  /** A secret for share links: never seeded, so it cannot be guessed from the seed. */
  newSecret(): string {
    return randomBytes(24).toString('base64url');
  }

  timestamp(): string {
    return this.now().toISOString();
  }
}

export function memberKey(organization: string, user: string): string {
  return `${organization}\u0000${user}`;
}
