import * as z from 'zod';
import { openEnum } from './common.js';
import { SpaceSchema } from './space.js';

/** Custom host name of a site, verbatim from the API's document (three or more lowercase labels). */
export const SITE_HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * Site proxy origin, verbatim from the API's document (`SiteProxyOrigin`): a host name with a
 * top-level label of letters (any case, `_` allowed in labels), then one or more path segments of
 * letters, digits, `_` and `-` (no dots, `~` or percent-escapes); no scheme, port or trailing slash.
 */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

export const SiteVisibilitySchema = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']);
export type SiteVisibility = z.infer<typeof SiteVisibilitySchema>;

export const AgentsContextSchema = z.enum(['excluded', 'included']);
export type AgentsContext = z.infer<typeof AgentsContextSchema>;

/** Field bounds of the API's request schemas, shared by the request bodies and the site manifest. */
export const SiteFields = {
  title: z.string().min(2).max(128),
  basename: z.string().min(1).max(100),
  proxy: z.string().max(512).regex(PROXY_PATTERN),
  sectionTitle: z.string().min(2).max(128),
  sectionDescription: z.string().max(256),
  groupTitle: z.string().min(1).max(100),
  icon: z.string().max(50),
  /** Path of a section or a site space. */
  path: z.string().min(1).max(100),
  /** Today's `Expression` may be empty; the seed's `Condition` needs a character (its emulator checks that). */
  condition: z.string().max(1024),
  shareLinkName: z.string().max(50),
};

const PublishedUrlsSchema = z.looseObject({ published: z.string().optional() });

// Response shapes: only the fields docsync reads, each as loose as the API's document allows.

export const SiteSchema = z.looseObject({
  object: z.literal('site'),
  id: z.string(),
  title: z.string(),
  hostname: z.string().optional(),
  basename: z.string().optional(),
  proxy: z.looseObject({ origin: z.string() }).optional(),
  visibility: openEnum(SiteVisibilitySchema),
  adaptiveContent: z.looseObject({ enabled: z.boolean() }).optional(),
  /** Absent on today's API, which no longer has it. */
  agentsContext: openEnum(AgentsContextSchema).optional(),
});
export type Site = z.infer<typeof SiteSchema>;

export const SiteSpaceSchema = z.looseObject({
  object: z.literal('site-space'),
  id: z.string(),
  path: z.string(),
  /** Id of the containing section; absent for site spaces at the root. */
  section: z.string().optional(),
  space: SpaceSchema,
  title: z.string(),
  /** Absent means not the default. */
  default: z.boolean().optional(),
  condition: z.string().optional(),
});
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;

export const SiteSectionSchema = z.looseObject({
  object: z.literal('site-section'),
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  /** Absent means not the default. */
  default: z.boolean().optional(),
  path: z.string(),
  condition: z.string().optional(),
  sectionGroup: z.string().optional(),
  siteSpaces: z.array(SiteSpaceSchema),
  icon: z.string().optional(),
});
export type SiteSection = z.infer<typeof SiteSectionSchema>;

/** A navigation entry that leads off the site (today's API only; never inside a section). */
export const SiteExternalLinkSchema = z.looseObject({
  object: z.literal('site-external-link'),
  id: z.string(),
  title: z.string(),
  url: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  condition: z.string().optional(),
  /** Id of the group holding it; absent at the root. */
  sectionGroup: z.string().optional(),
});
export type SiteExternalLink = z.infer<typeof SiteExternalLinkSchema>;

/** A member of a group's `children` (today's API): a section, a nested group, or an external link. */
export type SiteGroupChild = SiteSection | SiteSectionGroup | SiteExternalLink;

export interface SiteSectionGroup {
  object: 'site-section-group';
  id: string;
  title: string;
  icon?: string | undefined;
  /** Id of the group it is nested in (today's API); absent at the root. */
  sectionGroup?: string | undefined;
  sections: SiteSection[];
  /** Today's API: every member, nested groups and external links included. */
  children?: SiteGroupChild[] | undefined;
  [key: string]: unknown;
}

export const SiteSectionGroupSchema: z.ZodType<SiteSectionGroup> = z.looseObject({
  object: z.literal('site-section-group'),
  id: z.string(),
  title: z.string(),
  icon: z.string().optional(),
  sectionGroup: z.string().optional(),
  sections: z.array(SiteSectionSchema),
  get children() {
    return z.array(z.union([SiteSectionSchema, SiteSectionGroupSchema, SiteExternalLinkSchema])).optional();
  },
});

/**
 * A site's whole structure in one answer: its sections (alone or in groups, each with its site
 * spaces) and, on today's API, external links; or its site spaces when it has no sections.
 */
export const SiteStructureSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('sections'), structure: z.array(z.union([SiteSectionSchema, SiteSectionGroupSchema, SiteExternalLinkSchema])) }),
  z.looseObject({ type: z.literal('siteSpaces'), structure: z.array(SiteSpaceSchema) }),
]);
export type SiteStructure = z.infer<typeof SiteStructureSchema>;

/** Unsigned claims' fixed description: the API accepts no other. */
export const UNSIGNED_CLAIMS_DESCRIPTION = 'Unsigned claims of the site visitor.';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const Described = { description: z.string().describe('What the claim means; required by the API.') };
const PrimitiveClaimSchema = z.union([
  z.strictObject({ type: z.literal('boolean'), ...Described }),
  z.strictObject({ type: z.literal('string'), enum: z.array(z.string()), ...Described }),
  z.strictObject({ type: z.literal('string'), ...Described }),
  z.strictObject({ type: z.literal('number'), ...Described }),
]);

/** One visitor claim: a described boolean, string (optionally enumerated), number, array of those, or object of claims. */
export type AdaptiveClaim =
  | z.infer<typeof PrimitiveClaimSchema>
  | { type: 'array'; description: string; items: z.infer<typeof PrimitiveClaimSchema> }
  | { type: 'object'; description: string; properties: Record<string, AdaptiveClaim>; additionalProperties: false };

export const AdaptiveClaimSchema: z.ZodType<AdaptiveClaim> = z.lazy(() =>
  z.union(
    [
      PrimitiveClaimSchema,
      z.strictObject({ type: z.literal('array'), ...Described, items: PrimitiveClaimSchema }),
      z.strictObject({
        type: z.literal('object'),
        ...Described,
        properties: z.record(z.string(), AdaptiveClaimSchema),
        additionalProperties: z.literal(false),
      }),
    ],
    {
      error:
        'a claim is {type: boolean | string | number, description} (a string may add `enum`), {type: array, description, items} or {type: object, description, properties, additionalProperties: false}; `description` is required',
    },
  ),
);

/**
 * The visitor schema as the API's request schema (`SiteAdaptiveJSONSchema`) has it: an object of
 * described claims plus an optional `unsigned` object of claims with its fixed description; no
 * additional properties at either level, and no `required`.
 */
export const AdaptiveJsonSchemaSchema = z.strictObject({
  $schema: z.literal(DRAFT_07).optional(),
  type: z.literal('object'),
  properties: z
    .object({
      unsigned: z
        .strictObject({
          type: z.literal('object'),
          description: z.literal(UNSIGNED_CLAIMS_DESCRIPTION),
          properties: z.record(z.string(), AdaptiveClaimSchema),
          additionalProperties: z.literal(false),
        })
        .optional(),
    })
    .catchall(AdaptiveClaimSchema),
  additionalProperties: z.literal(false),
});
export type AdaptiveJsonSchema = z.infer<typeof AdaptiveJsonSchemaSchema>;

/** The visitor schema as the API answers it: compared as a whole, never read field by field. */
export const LiveAdaptiveJsonSchemaSchema = z.record(z.string(), z.unknown());
export type LiveAdaptiveJsonSchema = z.infer<typeof LiveAdaptiveJsonSchemaSchema>;

export const SiteAdaptiveSchemaSchema = z.looseObject({
  object: z.literal('site-adaptive-schema'),
  jsonSchema: LiveAdaptiveJsonSchemaSchema,
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchemaSchema>;

export const ShareLinkSchema = z.looseObject({
  object: z.literal('share-link'),
  id: z.string(),
  /** Optional in the API's document; a link without one cannot be matched to the manifest by name. */
  name: z.string().optional(),
  /** Optional in the API's document. */
  active: z.boolean().optional(),
  urls: PublishedUrlsSchema,
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

// Request bodies.

export const CreateSiteBodySchema = z.object({
  /** Values other than the default `basic` are not shown. */
  type: z.string().optional(),
  title: SiteFields.title.optional(),
  visibility: SiteVisibilitySchema.optional(),
  /** Space ids, or an enumerated string (values not shown) asking for a new space. */
  spaces: z.union([z.array(z.string()), z.string()]).optional(),
});
export type CreateSiteBody = z.infer<typeof CreateSiteBodySchema>;

export const UpdateSiteBodySchema = z.object({
  title: SiteFields.title.optional(),
  visibility: SiteVisibilitySchema.optional(),
  basename: SiteFields.basename.optional(),
  adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
  agentsContext: AgentsContextSchema.optional(),
  defaultSiteSpace: z.string().optional(),
  defaultSiteSection: z.string().optional(),
  /** null removes the proxy. */
  proxy: SiteFields.proxy.nullable().optional(),
});
export type UpdateSiteBody = z.infer<typeof UpdateSiteBodySchema>;

export const CreateSectionGroupBodySchema = z.object({
  title: SiteFields.groupTitle,
  icon: SiteFields.icon.nullable().optional(),
  sections: z.array(z.string()).optional(),
});
export type CreateSectionGroupBody = z.infer<typeof CreateSectionGroupBodySchema>;

export const UpdateSectionGroupBodySchema = z.object({
  title: SiteFields.groupTitle.optional(),
  icon: SiteFields.icon.optional(),
});
export type UpdateSectionGroupBody = z.infer<typeof UpdateSectionGroupBodySchema>;

export const AddSectionToGroupBodySchema = z.object({ sectionId: z.string() });

export const CreateSectionBodySchema = z.object({
  spaceId: z.string(),
  title: SiteFields.sectionTitle.nullable().optional(),
  icon: SiteFields.icon.nullable().optional(),
});
export type CreateSectionBody = z.infer<typeof CreateSectionBodySchema>;

export const UpdateSectionBodySchema = z.object({
  title: SiteFields.sectionTitle.optional(),
  path: SiteFields.path.optional(),
  defaultSiteSpace: z.string().optional(),
  /** Omitted leaves it unchanged; null removes it. */
  condition: SiteFields.condition.nullable().optional(),
  icon: SiteFields.icon.nullable().optional(),
  description: SiteFields.sectionDescription.nullable().optional(),
  /** Today's API: the group to move the section into; null moves it to the top level. */
  siteSectionGroupId: z.string().nullable().optional(),
});
export type UpdateSectionBody = z.infer<typeof UpdateSectionBodySchema>;

/** Today's API (`addExternalLinkToSite`); `parent` is the group to create it in, absent: the root. */
export const CreateExternalLinkBodySchema = z.object({
  title: SiteFields.sectionTitle,
  url: z.url({ protocol: /^https?$/ }).max(2048),
  description: SiteFields.sectionDescription.nullable().optional(),
  icon: SiteFields.icon.nullable().optional(),
  condition: SiteFields.condition.nullable().optional(),
  parent: z.string().optional(),
});
export type CreateExternalLinkBody = z.infer<typeof CreateExternalLinkBodySchema>;

/** `updateSiteExternalLinkById`: omitted leaves a field as it is; null removes it (`parent` null: to the root). */
export const UpdateExternalLinkBodySchema = z.object({
  title: SiteFields.sectionTitle.optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  description: SiteFields.sectionDescription.nullable().optional(),
  icon: SiteFields.icon.nullable().optional(),
  condition: SiteFields.condition.nullable().optional(),
  parent: z.string().nullable().optional(),
});
export type UpdateExternalLinkBody = z.infer<typeof UpdateExternalLinkBodySchema>;

export const CreateSiteSpaceBodySchema = z.object({
  spaceId: z.string(),
  sectionId: z.string().optional(),
});
export type CreateSiteSpaceBody = z.infer<typeof CreateSiteSpaceBodySchema>;

export const UpdateSiteSpaceBodySchema = z.object({
  path: SiteFields.path.optional(),
  condition: SiteFields.condition.nullable().optional(),
  spaceId: z.string().optional(),
});
export type UpdateSiteSpaceBody = z.infer<typeof UpdateSiteSpaceBodySchema>;

function moveBody<T extends z.ZodType>(ref: T) {
  return z.object({ position: z.object({ before: ref.optional(), after: ref.optional() }) });
}

/** Deprecated move of a section group; the seed's references are `{type: site-section, id}`. */
export const MoveSectionGroupBodySchema = moveBody(z.object({ type: z.literal('site-section'), id: z.string() }));

/** Deprecated move of a section. */
export const MoveSectionBodySchema = moveBody(z.object({ type: z.literal('site-section'), siteSection: z.string() }));

/** Deprecated move of a site space. */
export const MoveSiteSpaceBodySchema = moveBody(z.object({ type: z.literal('site-space'), siteSpace: z.string() }));

export const CreateShareLinkBodySchema = z.object({ name: SiteFields.shareLinkName });
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBodySchema>;

export const UpdateShareLinkBodySchema = z.object({
  active: z.boolean().optional(),
  name: SiteFields.shareLinkName.optional(),
});
export type UpdateShareLinkBody = z.infer<typeof UpdateShareLinkBodySchema>;

export const PutAdaptiveSchemaBodySchema = z.object({ jsonSchema: AdaptiveJsonSchemaSchema });
