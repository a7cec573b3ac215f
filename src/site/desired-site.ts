import type { AdaptiveJsonSchema, AgentsContext, SiteVisibility } from '../api/schemas/site.js';

/**
 * The site a manifest asks for, resolved and flattened: every space id known, defaults explicit.
 * `null` means "none" (the planner removes it); `undefined` means "not managed" (left as it is).
 */
export interface DesiredSite {
  organization: string;
  id?: string | undefined;
  title: string;
  visibility?: SiteVisibility | undefined;
  basename?: string | undefined;
  proxy?: string | null | undefined;
  hostname?: string | undefined;
  agentsContext?: AgentsContext | undefined;
  adaptiveEnabled?: boolean | undefined;
  adaptiveSchema?: AdaptiveJsonSchema | undefined;
  groups: DesiredGroup[];
  /** Every section, grouped or not, in manifest order. */
  sections: DesiredSection[];
  /** Site spaces at the root, for sites without sections. */
  rootSpaces: DesiredSpace[];
  /** External links (today's API), at the root or in a group, in manifest order. */
  externalLinks: DesiredExternalLink[];
  /** Undefined when the manifest does not manage share links. */
  shareLinks?: DesiredShareLink[] | undefined;
  /** Manifest fields the API cannot set, said once per plan. */
  notes: string[];
}

export interface DesiredGroup {
  key: string;
  title: string;
  icon?: string | undefined;
  /** Keys of its sections, in order. */
  sections: string[];
}

export interface DesiredSection {
  key: string;
  title: string;
  path: string;
  description: string | null;
  icon: string | null;
  condition: string | null;
  default: boolean;
  /** Key of the group it belongs to; undefined at the top level. */
  group?: string | undefined;
  spaces: DesiredSpace[];
}

export interface DesiredSpace {
  key: string;
  spaceId: string;
  path: string;
  condition: string | null;
  default: boolean;
}

export interface DesiredExternalLink {
  key: string;
  title: string;
  url: string;
  description: string | null;
  icon: string | null;
  condition: string | null;
  /** Key of the group it belongs to; undefined at the root. */
  group?: string | undefined;
}

export interface DesiredShareLink {
  name: string;
  active: boolean;
}

/** State-store identity of a manifest object. */
export const identity = {
  group: (key: string) => `group:${key}`,
  section: (key: string) => `section:${key}`,
  space: (key: string) => `space:${key}`,
  link: (name: string) => `link:${name}`,
  externalLink: (key: string) => `external:${key}`,
} as const;
