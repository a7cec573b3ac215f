import * as z from 'zod';
import { AdaptiveJsonSchemaSchema, AgentsContextSchema, PROXY_PATTERN, SITE_HOSTNAME_PATTERN, SiteFields, SiteVisibilitySchema } from '../api/schemas/site.js';

/**
 * The site manifest: GitBook's own site file, `gitbook-docs.yaml` (formerly `docs.yaml`; published
 * as the schema `GitSyncSiteConfig`: `site.title`, `site.structure` of `section`, `section-group`,
 * `space` and `external-link` items with a stable `key`), extended with what the API can set. Every
 * valid `gitbook-docs.yaml` is a valid manifest; docsync's own fields (organization, ids, settings)
 * may instead come from docsync.yaml. The bounds are the API's, from the shared API schemas.
 *
 * Identity: the API has no `key`, so docsync remembers key → live id in its state store; with the
 * state lost it matches sections by `path`, then `title`; groups by `title`; site spaces by `path`,
 * then space id, within their section; share links by `name`.
 */

const Key = z.string().min(1).describe('Stable identity of the item, unique in the manifest: keep it when renaming; a new key means a new object.');

const Localized = z.record(z.string(), z.string()).optional().describe('Accepted for gitbook-docs.yaml compatibility; not set through the API.');
const Draft = z.boolean().optional().describe('Accepted for gitbook-docs.yaml compatibility; docsync does not manage drafts.');
/** An adaptive-content expression; GitBook's file allows an empty one, which means none. */
const Condition = z.union([z.literal(''), SiteFields.condition]);
const IconName = SiteFields.icon;
const Path = SiteFields.path;

/** The adaptive visitor schema, exactly as the API's request schema accepts it. */
export const ManifestAdaptiveJsonSchema = AdaptiveJsonSchemaSchema.describe(
  'JSON Schema (draft-07) of visitor attributes: described claims (boolean, string, number, arrays and objects of them) plus an optional `unsigned` object of claims described "Unsigned claims of the site visitor."; no additional properties, no `required`.',
);

export const ManifestSpaceSchema = z.strictObject({
  type: z.literal('space'),
  key: Key,
  title: z.string().min(1).optional().describe('Informational: a site space shows the title of its space.'),
  path: Path.describe('URL path of the site space, unique within its section (1 to 100).'),
  default: z.boolean().optional().describe('The default site space of its section (or of the site root).'),
  hidden: z.boolean().optional().describe('Accepted for docs.yaml compatibility; the API cannot set it.'),
  draft: Draft,
  condition: Condition.nullable().optional().describe('Adaptive-content expression (max 1024); absent, empty or null: none.'),
  spaceId: z.string().min(1).optional().describe('Id of the space this item publishes (or give `target`, or use the top-level `spaces` map).'),
  target: z.string().min(1).optional().describe('Name of a `spaces` target of docsync.yaml whose spaceId this item publishes.'),
  content: z
    .looseObject({ directory: z.string().min(1).nullable().optional(), language: z.string().optional() })
    .optional()
    .describe(
      "gitbook-docs.yaml: where the content lives in git, relative to the manifest (a leading / from the configuration's folder); a `spaces` target of docsync.yaml with that directory gives the space id. null: not from the repository.",
    ),
  localizedTitle: Localized,
});
export type ManifestSpace = z.infer<typeof ManifestSpaceSchema>;

export const ManifestSectionSchema = z.strictObject({
  type: z.literal('section'),
  key: Key,
  title: SiteFields.sectionTitle.describe('Section title (2 to 128).'),
  path: Path.describe('URL path of the section, unique in the site (1 to 100).'),
  default: z.boolean().optional().describe('The default section of the site.'),
  hidden: z.boolean().optional().describe('Accepted for docs.yaml compatibility; the API cannot set it.'),
  draft: Draft,
  description: SiteFields.sectionDescription.nullable().optional().describe('Max 256; absent or null: none.'),
  icon: IconName.nullable().optional().describe('Icon name (max 50); absent or null: none.'),
  condition: Condition.nullable().optional().describe('Adaptive-content expression (max 1024); absent, empty or null: none.'),
  children: z.array(ManifestSpaceSchema).min(1, { message: 'a section needs at least one space' }),
  localizedTitle: Localized,
  localizedDescription: Localized,
});
export type ManifestSection = z.infer<typeof ManifestSectionSchema>;

export const ManifestExternalLinkSchema = z.strictObject({
  type: z.literal('external-link'),
  key: Key,
  title: SiteFields.sectionTitle.describe('Link title (2 to 128).'),
  url: z
    .url({ protocol: /^https?$/, error: 'use an absolute http or https URL' })
    .max(2048)
    .describe('Absolute HTTP or HTTPS URL the link opens.'),
  description: SiteFields.sectionDescription.nullable().optional().describe('Max 256; absent or null: none.'),
  icon: IconName.nullable().optional().describe('Icon name (max 50); absent or null: none.'),
  condition: Condition.nullable().optional().describe('Adaptive-content expression (max 1024); absent, empty or null: none.'),
  draft: Draft,
  localizedTitle: Localized,
  localizedDescription: Localized,
});
export type ManifestExternalLink = z.infer<typeof ManifestExternalLinkSchema>;

const groupFields = {
  type: z.literal('section-group'),
  key: Key,
  title: SiteFields.groupTitle.describe('Group title (1 to 100).'),
  icon: SiteFields.icon.optional().describe('Icon name (max 50); absent: left as it is (the API cannot remove it).'),
  draft: Draft,
  localizedTitle: Localized,
};

/** A group nested in a group (one level, as in gitbook-docs.yaml): sections and external links. */
export const ManifestNestedGroupSchema = z.strictObject({
  ...groupFields,
  children: z.array(z.discriminatedUnion('type', [ManifestSectionSchema, ManifestExternalLinkSchema])).default([]),
});
export type ManifestNestedGroup = z.infer<typeof ManifestNestedGroupSchema>;

export const ManifestSectionGroupSchema = z.strictObject({
  ...groupFields,
  children: z.array(z.discriminatedUnion('type', [ManifestSectionSchema, ManifestNestedGroupSchema, ManifestExternalLinkSchema])).default([]),
});
export type ManifestSectionGroup = z.infer<typeof ManifestSectionGroupSchema>;

export const ManifestStructureItemSchema = z.discriminatedUnion('type', [
  ManifestSectionSchema,
  ManifestSectionGroupSchema,
  ManifestSpaceSchema,
  ManifestExternalLinkSchema,
]);

export const ManifestShareLinkSchema = z.strictObject({
  name: SiteFields.shareLinkName.min(1).describe('Identity of the link (1 to 50); renaming replaces the link and its secret.'),
  active: z.boolean().default(true).describe('Whether the link opens the site. Default true.'),
});

const SpaceRef = z.union([z.string().min(1), z.strictObject({ spaceId: z.string().min(1) }), z.strictObject({ target: z.string().min(1) })]);

export const SiteManifestSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1).optional().describe('gitbook-docs.yaml schema version; absent means 1.'),
  site: z.strictObject({
    organization: z.string().min(1).optional().describe('Organization that owns the site; absent: site.organization of docsync.yaml.'),
    id: z
      .string()
      .min(1)
      .optional()
      .describe('Site id (or site.id of docsync.yaml). Absent: the site with this exact title, created by apply when there is none.'),
    // gitbook-docs.yaml asks for one character; a title the API cannot hold (2 to 128) is noted by the plan and stops apply.
    title: z.string().min(1).describe('Site title; the API holds 2 to 128 characters, so another length stops apply.'),
    visibility: SiteVisibilitySchema.optional().describe('Absent: left as it is.'),
    basename: SiteFields.basename.optional().describe('1 to 100; absent: left as it is.'),
    proxy: z
      .string()
      .max(512)
      .regex(PROXY_PATTERN, { message: 'use a host name and path without scheme, e.g. example.com/docs (path segments of letters, digits, "_" and "-")' })
      .nullable()
      .optional()
      .describe('`host/path` the site is served under; null removes it; absent: left as it is.'),
    hostname: z
      .string()
      .max(512)
      .regex(SITE_HOSTNAME_PATTERN, { message: 'use a lowercase custom host name such as docs.example.com' })
      .optional()
      .describe('Expected custom host name; checked, not set (the API cannot set it).'),
    agentsContext: AgentsContextSchema.optional().describe('Whether agents may access the site; absent: left as it is.'),
    adaptiveContent: z
      .strictObject({
        enabled: z.boolean().optional(),
        jsonSchema: ManifestAdaptiveJsonSchema.optional(),
      })
      .optional(),
    shareLinks: z.array(ManifestShareLinkSchema).optional().describe('Share links by name. Absent: none managed.'),
    structure: z.array(ManifestStructureItemSchema).default([]).describe('Sections, section groups and external links, or spaces at the root.'),
  }),
  spaces: z.record(Key, SpaceRef).optional().describe('Space key → space id, `{spaceId}`, or `{target: <spaces target name>}`.'),
});
export type SiteManifest = z.infer<typeof SiteManifestSchema>;
