import type {
  AdaptiveJsonSchema,
  SiteVisibility,
  UpdateExternalLinkBody,
  UpdateSectionBody,
  UpdateSectionGroupBody,
  UpdateShareLinkBody,
  UpdateSiteBody,
  UpdateSiteSpaceBody,
} from '../api/schemas/site.js';

/**
 * An object an action points at: a live id, or the identity (`section:<key>`…) of an object an
 * earlier action of the same plan creates, resolved when the plan is applied.
 */
export type ObjectRef = { readonly id: string } | { readonly created: string };

/** The values of the changed fields before the change, for the plan's "from → to". */
export type Before = Record<string, unknown>;

/** An external link's own fields; its group changes in a move, once a new group exists. */
export type ExternalLinkFieldsBody = Omit<UpdateExternalLinkBody, 'parent'>;

/** Site fields the plan updates in one PATCH (defaults are their own actions, after their targets exist). */
export type SiteSettingsBody = Omit<UpdateSiteBody, 'defaultSiteSpace' | 'defaultSiteSection'>;

export type DeleteReason =
  /** docsync managed it (the state store says so) and the manifest no longer has it. */
  | 'removed'
  /** Never in the manifest, and prune is on. */
  | 'pruned'
  /** The old copy of a site space the manifest moved to another section. */
  | 'moved';

export type SiteAction =
  | { kind: 'create-site'; title: string; visibility?: SiteVisibility | undefined }
  | { kind: 'put-adaptive-schema'; jsonSchema: AdaptiveJsonSchema }
  | { kind: 'update-site'; body: SiteSettingsBody; before: Before }
  | { kind: 'update-section-group'; id: string; key: string; body: UpdateSectionGroupBody; before: Before }
  | { kind: 'update-section'; id: string; key: string; body: UpdateSectionBody; before: Before }
  | { kind: 'update-site-space'; id: string; key: string; body: UpdateSiteSpaceBody; before: Before }
  | {
      kind: 'create-section';
      key: string;
      title: string;
      path: string;
      icon: string | null;
      description: string | null;
      condition: string | null;
      /** The section is created holding this space, as its first site space. */
      firstSpace: { key: string; spaceId: string; path: string; condition: string | null };
    }
  | {
      kind: 'create-site-space';
      key: string;
      spaceId: string;
      path: string;
      condition: string | null;
      /** Undefined: at the site root. */
      section?: ObjectRef | undefined;
      sectionKey?: string | undefined;
    }
  | { kind: 'create-section-group'; key: string; title: string; icon?: string | undefined; sections: { ref: ObjectRef; key: string }[] }
  | { kind: 'add-section-to-group'; group: ObjectRef; groupKey: string; section: ObjectRef; sectionKey: string }
  | { kind: 'remove-section-from-group'; groupId: string; section: string; sectionKey: string }
  | { kind: 'set-default-site-space'; siteSpace: ObjectRef; spaceKey: string; section?: ObjectRef | undefined; sectionKey?: string | undefined }
  | { kind: 'set-default-section'; section: ObjectRef; sectionKey: string }
  | {
      kind: 'create-external-link';
      key: string;
      title: string;
      url: string;
      description: string | null;
      icon: string | null;
      condition: string | null;
      /** Undefined: at the root. */
      group?: ObjectRef | undefined;
      groupKey?: string | undefined;
    }
  | { kind: 'update-external-link'; id: string; key: string; body: ExternalLinkFieldsBody; before: Before }
  | { kind: 'move-external-link'; id: string; key: string; group?: ObjectRef | undefined; groupKey?: string | undefined }
  | { kind: 'create-share-link'; name: string; active: boolean }
  | { kind: 'update-share-link'; id: string; name: string; body: UpdateShareLinkBody; before: Before }
  | { kind: 'delete-site-space'; id: string; label: string; reason: DeleteReason }
  | { kind: 'delete-section'; id: string; label: string; reason: DeleteReason }
  | { kind: 'delete-section-group'; id: string; label: string; reason: DeleteReason }
  | { kind: 'delete-share-link'; id: string; label: string; reason: DeleteReason }
  | { kind: 'delete-external-link'; id: string; label: string; reason: DeleteReason };

/** A live object the manifest does not declare, left alone without prune. */
export interface UnmanagedObject {
  kind: 'section-group' | 'section' | 'site-space' | 'share-link' | 'external-link';
  id: string;
  label: string;
}

/** What apply will do, in order, and what it will leave alone. Holds no secret. */
export interface SitePlan {
  organization: string;
  /** Undefined when the first action creates the site. */
  siteId?: string | undefined;
  title: string;
  actions: SiteAction[];
  unmanaged: UnmanagedObject[];
  /** Things the plan cannot do or check (fields the API cannot set). */
  notes: string[];
  /** Identity → live id of every object matched; apply adds the ones it creates and saves them. */
  identities: Record<string, string>;
}

export function isDeletion(action: SiteAction): boolean {
  return action.kind.startsWith('delete-');
}
