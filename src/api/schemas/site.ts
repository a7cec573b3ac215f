import { z } from 'zod';
import { DateTime } from './common.js';
import { SpaceSchema } from './space.js';

/** Custom host name of a site, verbatim from the seed (three or more lowercase labels). */
export const SITE_HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * Site proxy on update: a host name (two or more lowercase labels, no scheme, no port) followed by
 * one or more non-empty path segments of RFC 3986 path characters; no query, fragment or trailing slash.
 * The seed describes the form only in prose, so this regex is our reading of it.
 */
export const PROXY_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9](?:\/(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})+)+$/;

export const SiteVisibilitySchema = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']);
export type SiteVisibility = z.infer<typeof SiteVisibilitySchema>;

export const AgentsContextSchema = z.enum(['excluded', 'included']);
export type AgentsContext = z.infer<typeof AgentsContextSchema>;

const SiteTitle = z.string().min(2).max(128);
const SiteBasename = z.string().min(1).max(100);
const SectionTitle = z.string().min(2).max(128);
const SectionDescription = z.string().max(256);
const SectionGroupTitle = z.string().min(1).max(100);
const IconName = z.string().max(50);
const StructurePath = z.string().min(1).max(100);
const Condition = z.string().min(1).max(1024);
const ShareLinkName = z.string().max(50);
const PublishedUrlsSchema = z.looseObject({ published: z.string().optional() });

export const SiteSchema = z.looseObject({
  object: z.literal('site'),
  id: z.string(),
  /** Only `basic` is shown. */
  type: z.string(),
  title: SiteTitle,
  icon: z
    .looseObject({ icon: z.looseObject({ light: z.string(), dark: z.string() }) })
    .nullable()
    .optional(),
  hostname: z.string().max(512).regex(SITE_HOSTNAME_PATTERN).optional(),
  basename: SiteBasename.optional(),
  proxy: z.looseObject({ origin: z.string(), target: z.string() }).optional(),
  visibility: SiteVisibilitySchema,
  published: z.boolean(),
  siteSpaces: z.number(),
  createdAt: DateTime,
  adaptiveContent: z.looseObject({ enabled: z.boolean() }).optional(),
  // "One of several shapes"; only `{status, submittable}` is shown, so both keys stay optional.
  ads: z.looseObject({ status: z.string().optional(), submittable: z.boolean().optional() }).optional(),
  agentsContext: AgentsContextSchema,
  features: z
    .array(
      z.looseObject({
        id: z.string(),
        plan: z.string(),
        frozen: z.boolean(),
        customizations: z.array(z.string()),
      }),
    )
    .optional(),
  urls: z.looseObject({ location: z.string(), app: z.string(), published: z.string().optional() }).optional(),
});
export type Site = z.infer<typeof SiteSchema>;

export const SiteSpaceSchema = z.looseObject({
  object: z.literal('site-space'),
  id: z.string(),
  path: StructurePath,
  /** Id of the containing section; absent for site spaces at the root. */
  section: z.string().optional(),
  space: SpaceSchema,
  title: z.string(),
  default: z.boolean(),
  condition: Condition.optional(),
  hasAdvancedCustomizationFeature: z.boolean(),
  urls: PublishedUrlsSchema,
});
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;

export const SiteSectionSchema = z.looseObject({
  object: z.literal('site-section'),
  id: z.string(),
  title: SectionTitle,
  description: SectionDescription.optional(),
  default: z.boolean(),
  path: StructurePath,
  condition: Condition.optional(),
  sectionGroup: z.string().optional(),
  siteSpaces: z.array(SiteSpaceSchema),
  urls: PublishedUrlsSchema,
  icon: IconName.optional(),
});
export type SiteSection = z.infer<typeof SiteSectionSchema>;

export const SiteSectionGroupSchema = z.looseObject({
  object: z.literal('site-section-group'),
  id: z.string(),
  title: SectionGroupTitle,
  icon: IconName.optional(),
  sections: z.array(SiteSectionSchema),
});
export type SiteSectionGroup = z.infer<typeof SiteSectionGroupSchema>;

/** A JSON Schema property describing one boolean visitor attribute. */
const BooleanClaimSchema = z.looseObject({ type: z.literal('boolean') });

/**
 * The visitor schema: a draft-07 object schema whose properties are booleans, plus a nested
 * `unsigned` object of boolean claims; neither level admits additional properties.
 */
export const AdaptiveJsonSchemaSchema = z.looseObject({
  type: z.literal('object'),
  properties: z
    .object({
      unsigned: z.looseObject({
        type: z.literal('object'),
        properties: z.record(z.string(), BooleanClaimSchema),
        additionalProperties: z.literal(false),
      }),
    })
    .catchall(BooleanClaimSchema),
  additionalProperties: z.literal(false),
});
export type AdaptiveJsonSchema = z.infer<typeof AdaptiveJsonSchemaSchema>;

export const SiteAdaptiveSchemaSchema = z.looseObject({
  object: z.literal('site-adaptive-schema'),
  jsonSchema: AdaptiveJsonSchemaSchema,
  // Presumably absent until a schema has been stored.
  updatedAt: DateTime.optional(),
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchemaSchema>;

export const TemplateConditionsSchema = z.looseObject({
  items: z.array(z.looseObject({ description: z.string(), condition: z.string() })),
});
export type TemplateConditions = z.infer<typeof TemplateConditionsSchema>;

/** Only the `sections` form is shown; any other form passes unchecked. */
export const PublishedSiteStructureSchema = z.union([
  z.looseObject({ type: z.literal('sections'), structure: z.array(SiteSectionSchema) }),
  z.looseObject({ type: z.string().refine((t) => t !== 'sections'), structure: z.unknown() }),
]);
export type PublishedSiteStructure = z.infer<typeof PublishedSiteStructureSchema>;

export const PublishedSiteSchema = z.looseObject({
  object: z.literal('published-content-site'),
  site: SiteSchema,
  structure: PublishedSiteStructureSchema,
});
export type PublishedSite = z.infer<typeof PublishedSiteSchema>;

export const ShareLinkSchema = z.looseObject({
  object: z.literal('share-link'),
  id: z.string(),
  createdAt: DateTime,
  name: ShareLinkName,
  active: z.boolean(),
  urls: PublishedUrlsSchema,
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

// Request bodies.

export const CreateSiteBodySchema = z.object({
  /** Values other than the default `basic` are not shown. */
  type: z.string().optional(),
  title: SiteTitle.optional(),
  visibility: SiteVisibilitySchema.optional(),
  /** Space ids, or an enumerated string (values not shown) asking for a new space. */
  spaces: z.union([z.array(z.string()), z.string()]).optional(),
});
export type CreateSiteBody = z.infer<typeof CreateSiteBodySchema>;

export const UpdateSiteBodySchema = z.object({
  title: SiteTitle.optional(),
  visibility: SiteVisibilitySchema.optional(),
  basename: SiteBasename.optional(),
  adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
  agentsContext: AgentsContextSchema.optional(),
  defaultSiteSpace: z.string().optional(),
  defaultSiteSection: z.string().optional(),
  /** null removes the proxy. */
  proxy: z.string().max(512).regex(PROXY_PATTERN).nullable().optional(),
});
export type UpdateSiteBody = z.infer<typeof UpdateSiteBodySchema>;

export const CreateSectionGroupBodySchema = z.object({
  title: SectionGroupTitle,
  icon: IconName.nullable().optional(),
  sections: z.array(z.string()).optional(),
});
export type CreateSectionGroupBody = z.infer<typeof CreateSectionGroupBodySchema>;

export const UpdateSectionGroupBodySchema = z.object({
  title: SectionGroupTitle.optional(),
  icon: IconName.optional(),
});
export type UpdateSectionGroupBody = z.infer<typeof UpdateSectionGroupBodySchema>;

export const AddSectionToGroupBodySchema = z.object({ sectionId: z.string() });
export type AddSectionToGroupBody = z.infer<typeof AddSectionToGroupBodySchema>;

export const CreateSectionBodySchema = z.object({
  spaceId: z.string(),
  title: SectionTitle.nullable().optional(),
  icon: IconName.nullable().optional(),
});
export type CreateSectionBody = z.infer<typeof CreateSectionBodySchema>;

export const UpdateSectionBodySchema = z.object({
  title: SectionTitle.optional(),
  path: StructurePath.optional(),
  defaultSiteSpace: z.string().optional(),
  /** Omitted leaves it unchanged; null removes it. */
  condition: Condition.nullable().optional(),
  icon: IconName.nullable().optional(),
  description: SectionDescription.nullable().optional(),
});
export type UpdateSectionBody = z.infer<typeof UpdateSectionBodySchema>;

export const CreateSiteSpaceBodySchema = z.object({
  spaceId: z.string(),
  sectionId: z.string().optional(),
});
export type CreateSiteSpaceBody = z.infer<typeof CreateSiteSpaceBodySchema>;

export const UpdateSiteSpaceBodySchema = z.object({
  path: StructurePath.optional(),
  condition: Condition.nullable().optional(),
  spaceId: z.string().optional(),
});
export type UpdateSiteSpaceBody = z.infer<typeof UpdateSiteSpaceBodySchema>;

function moveBody<T extends z.ZodType>(ref: T) {
  return z.object({ position: z.object({ before: ref.optional(), after: ref.optional() }) });
}

/** Deprecated move of a section group; the seed's references are `{type: site-section, id}`. */
export const MoveSectionGroupBodySchema = moveBody(z.object({ type: z.literal('site-section'), id: z.string() }));
export type MoveSectionGroupBody = z.infer<typeof MoveSectionGroupBodySchema>;

/** Deprecated move of a section. */
export const MoveSectionBodySchema = moveBody(z.object({ type: z.literal('site-section'), siteSection: z.string() }));
export type MoveSectionBody = z.infer<typeof MoveSectionBodySchema>;

/** Deprecated move of a site space. */
export const MoveSiteSpaceBodySchema = moveBody(z.object({ type: z.literal('site-space'), siteSpace: z.string() }));
export type MoveSiteSpaceBody = z.infer<typeof MoveSiteSpaceBodySchema>;

export const CreateShareLinkBodySchema = z.object({ name: ShareLinkName });
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBodySchema>;

export const UpdateShareLinkBodySchema = z.object({
  active: z.boolean().optional(),
  name: ShareLinkName.optional(),
});
export type UpdateShareLinkBody = z.infer<typeof UpdateShareLinkBodySchema>;

export const PutAdaptiveSchemaBodySchema = z.object({ jsonSchema: AdaptiveJsonSchemaSchema });
export type PutAdaptiveSchemaBody = z.infer<typeof PutAdaptiveSchemaBodySchema>;
