import type { Role } from '../../api/schemas/common.js';
import type { MemberRole } from '../roles.js';

/**
 * What the emulator keeps in memory. Records hold state only; the JSON the API returns is built
 * from them by the serializers, with `permissions` computed for the caller.
 */

export interface UserRecord {
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
}

export interface OrganizationRecord {
  id: string;
  title: string;
  createdAt: string;
  emailDomains: string[];
  hostname?: string;
  type: string;
  plan: string;
  defaultRole: MemberRole;
  defaultContent: { type: string; site: string } | null;
  logo: string | null;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
}

export interface MemberRecord {
  organization: string;
  user: string;
  role: MemberRole;
  disabled: boolean;
  sso: boolean;
  joinedAt: string;
  lastSeenAt?: string;
}

export interface TeamRecord {
  id: string;
  organization: string;
  title: string;
  createdAt: string;
  /** userId → team role */
  members: Map<string, 'owner' | 'member'>;
}

export interface LinkInviteRecord {
  id: string;
  organization: string;
  role: Role;
}

export interface CollectionRecord {
  id: string;
  organization: string;
  title: string;
  description?: string;
  parent?: string;
  defaultLevel: MemberRole;
  /** Spaces in display order. */
  spaceOrder: string[];
}

/** A page as stored in a revision; children nest. */
export interface PageRecord {
  id: string;
  title: string;
  /** Slug-like path relative to the space root, e.g. `guides/install`. */
  path: string;
  slug: string;
  type: 'document' | 'group' | 'link';
  /** A link page's URL (`type: link`). */
  href?: string;
  markdown: string;
  description?: string;
  emoji?: string;
  icon?: string;
  hidden?: boolean;
  /** Kept out of search and ask, and out of search engines (set by content batches). */
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** Adaptive-content condition: whether a visitor sees the page. */
  condition?: string;
  /** Layout switches a markdown document's frontmatter set (`layout.outline.visible: false` as `outline: false`). */
  layout?: Record<string, boolean>;
  git?: { oid: string; path: string };
  /** The cover image: a file of the revision (by id) or a URL, and its vertical offset. */
  cover?: { ref: { kind: 'file'; file: string } | { kind: 'url'; url: string }; yPos: number };
  /** Stable across revisions; imports keep it for a page at the same path. Absent: derived from `id`. */
  documentId?: string;
  createdAt: string;
  updatedAt: string;
  pages: PageRecord[];
}

export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Raw bytes, counted in `size` and served at the download URL (see file-download-route). */
  data: Uint8Array;
  git?: { oid: string; path: string };
}

export interface RevisionRecord {
  id: string;
  space: string;
  parents: string[];
  pages: PageRecord[];
  files: FileRecord[];
  createdAt: string;
  git?: { oid: string; message: string; createdByService: boolean; ref?: string };
}

export interface SpaceRecord {
  id: string;
  organization: string;
  title: string;
  emoji?: string;
  visibility: string;
  createdAt: string;
  updatedAt: string;
  /** Current main revision. */
  revision: string;
  parent?: string;
  /** `inherit`: from the parent collection or the organization. */
  defaultLevel: MemberRole | 'inherit';
  editMode?: 'live' | 'locked';
  /** Last change request number handed out in this space. */
  changeRequestCounter: number;
}

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export interface ChangeRequestRecord {
  id: string;
  space: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  /** Who merged it, and when (today's API shows both). */
  mergedBy?: string;
  mergedAt?: string;
  reviewers: Map<string, { requestedBy: string; createdAt: string; revision: string }>;
  /** Submitted reviews, oldest first. */
  reviews?: ReviewRecord[];
}

export interface ReviewRecord {
  id: string;
  reviewer: string;
  requestedBy?: string;
  /** The change request's revision the review was given on. */
  revision: string;
  status: 'approved' | 'changes-requested';
  createdAt: string;
}

export interface ReactionRecord {
  emoji: string;
  user: string;
  reactedAt: string;
}

export interface CommentRecord {
  id: string;
  space: string;
  changeRequest?: string;
  page?: string;
  node?: string;
  /** Revision the comment was posted on; `target.page` falls back to it once the page is gone. */
  revision?: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  markdown: string;
  reactions: ReactionRecord[];
  resolvedAt?: string;
  resolvedBy?: string;
}

export interface ReplyRecord {
  id: string;
  comment: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  markdown: string;
  reactions: ReactionRecord[];
}

export interface SiteRecord {
  id: string;
  organization: string;
  type: string;
  title: string;
  hostname?: string;
  basename?: string;
  proxy?: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
  published: boolean;
  createdAt: string;
  adaptiveContent: boolean;
  agentsContext: 'excluded' | 'included';
  adaptiveSchema: { jsonSchema: Record<string, unknown>; updatedAt: string };
  /**
   * Top-level order: section groups, sections not in a group, and site spaces at the root. Ids not
   * listed (e.g. from a fixture) come after the listed ones, in creation order.
   */
  structureOrder: string[];
  defaultSection?: string;
  /** Default site space when the site has no sections. */
  defaultSiteSpace?: string;
}

export interface SectionGroupRecord {
  id: string;
  site: string;
  title: string;
  icon?: string;
  sections: string[];
}

export interface SectionRecord {
  id: string;
  site: string;
  title: string;
  description?: string;
  path: string;
  condition?: string;
  icon?: string;
  sectionGroup?: string;
  defaultSiteSpace?: string;
  siteSpaceOrder: string[];
}

export interface SiteSpaceRecord {
  id: string;
  site: string;
  /** Absent when the site space sits at the root (a site without sections). */
  section?: string;
  space: string;
  path: string;
  condition?: string;
}

/** A redirect of a site: from a path of the site to a section, a site space, a page or (today's API) a URL. */
export interface SiteRedirectRecord {
  id: string;
  site: string;
  source: string;
  destination:
    | { kind: 'site-section'; siteSectionId: string }
    | { kind: 'site-space'; siteSpaceId: string }
    | { kind: 'site-page'; siteSpaceId: string; pageId: string }
    | { kind: 'external'; url: string };
  /** Today's API: a draft is not live; a source has at most one live and one draft redirect. */
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  createdAt: string;
  updatedAt?: string;
}

/** A navigation link off the site (today's API): at the root of a sectioned site, or in a group. */
export interface ExternalLinkRecord {
  id: string;
  site: string;
  title: string;
  url: string;
  description?: string;
  icon?: string;
  condition?: string;
  sectionGroup?: string;
}

export interface ShareLinkRecord {
  id: string;
  site: string;
  name: string;
  active: boolean;
  /** The secret that `shareKey` must match. */
  key: string;
  createdAt: string;
}

export interface OpenAPIVersionRecord {
  id: string;
  spec: string;
  createdAt: string;
  url: string;
  /** The spec text this version holds (fetched or given). */
  text?: string;
}

export interface OpenAPISpecRecord {
  id: string;
  organization: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  sourceURL?: string;
  processingState: 'pending' | 'progress' | 'complete';
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
  versions: string[];
}

export interface TranslationRecord {
  id: string;
  organization: string;
  sourceSpace: string;
  sourceLanguage: string;
  language: string;
  /** A JSON document, stored as sent. */
  instructions: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface SamlProviderRecord {
  id: string;
  organization: string;
  label: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string;
  defaultRole: MemberRole;
  createdAt: string;
}
