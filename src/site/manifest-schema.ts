import * as z from 'zod';
import {
  AdaptiveJsonSchemaSchema,
  AgentsContextSchema,
  PROXY_PATTERN,
  SITE_HOSTNAME_PATTERN,
  SiteFields,
  SiteVisibilitySchema,
} from '../api/schemas/site.js';

/**
 * The site manifest: GitBook's own `docs.yaml` shape (`site.title`, `site.structure` of `section`,
 * `section-group` and `space` items with a stable `key`), extended with what the API can set. The
 * bounds are the seed's, taken from the shared API schemas so the two never disagree.
 *
 * Identity: the API has no `key`, so docsync remembers key → live id in its state store; with the
 * state lost it matches sections by `path`, then `title`; groups by `title`; site spaces by `path`,
 * then space id, within their section; share links by `name`.
 */

const Key = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, { message: 'use letters, digits, ".", "_" or "-" (max 100)' })
  .describe('Stable identity of the item: keep it when renaming; a new key means a new object.');

const Localized = z.record(z.string(), z.string()).optional().describe('Accepted for docs.yaml compatibility; not set through the API.');
const Condition = SiteFields.condition;
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
  condition: Condition.nullable().optional().describe('Adaptive-content expression (1 to 1024); absent or null: none.'),
  spaceId: z.string().min(1).optional().describe('Id of the space this item publishes (or give `target`, or use the top-level `spaces` map).'),
  target: z.string().min(1).optional().describe('Name of a `spaces` target of docsync.yaml whose spaceId this item publishes.'),
  content: z.looseObject({ directory: z.string().optional(), language: z.string().optional() }).optional().describe('docs.yaml: where the content lives in git (synced by `spaces` targets).'),
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
  description: SiteFields.sectionDescription.nullable().optional().describe('Max 256; absent or null: none.'),
  icon: IconName.nullable().optional().describe('Icon name (max 50); absent or null: none.'),
  condition: Condition.nullable().optional().describe('Adaptive-content expression (1 to 1024); absent or null: none.'),
  children: z.array(ManifestSpaceSchema).min(1, { message: 'a section needs at least one space' }),
  localizedTitle: Localized,
  localizedDescription: Localized,
});
export type ManifestSection = z.infer<typeof ManifestSectionSchema>;

export const ManifestSectionGroupSchema = z.strictObject({
  type: z.literal('section-group'),
  key: Key,
  title: SiteFields.groupTitle.describe('Group title (1 to 100).'),
  icon: SiteFields.icon.optional().describe('Icon name (max 50); absent: left as it is (the API cannot remove it).'),
  children: z.array(ManifestSectionSchema).default([]),
  localizedTitle: Localized,
});
export type ManifestSectionGroup = z.infer<typeof ManifestSectionGroupSchema>;

export const ManifestStructureItemSchema = z.discriminatedUnion('type', [
  ManifestSectionSchema,
  ManifestSectionGroupSchema,
  ManifestSpaceSchema,
]);
export type ManifestStructureItem = z.infer<typeof ManifestStructureItemSchema>;

export const ManifestShareLinkSchema = z.strictObject({
  name: SiteFields.shareLinkName.min(1).describe('Identity of the link (1 to 50); renaming replaces the link and its secret.'),
  active: z.boolean().default(true).describe('Whether the link opens the site. Default true.'),
});

const SpaceRef = z.union([
  z.string().min(1),
  z.strictObject({ spaceId: z.string().min(1) }),
  z.strictObject({ target: z.string().min(1) }),
]);

export const SiteManifestSchema = z.strictObject({
  $schema: z.string().optional(),
  site: z.strictObject({
    organization: z.string().min(1).describe('Organization that owns the site.'),
    id: z.string().min(1).optional().describe('Site id. Absent: the site with this exact title, created by apply when there is none.'),
    title: SiteFields.title.describe('Site title (2 to 128).'),
    visibility: SiteVisibilitySchema.optional().describe('Absent: left as it is.'),
    basename: SiteFields.basename.optional().describe('1 to 100; absent: left as it is.'),
    proxy: z.string().max(512).regex(PROXY_PATTERN, { message: 'use a host name and path without scheme, e.g. example.com/docs (path segments of letters, digits, "_" and "-")' }).nullable().optional().describe('`host/path` the site is served under; null removes it; absent: left as it is.'),
    hostname: z.string().max(512).regex(SITE_HOSTNAME_PATTERN, { message: 'use a lowercase custom host name such as docs.example.com' }).optional().describe('Expected custom host name; checked, not set (the API cannot set it).'),
    agentsContext: AgentsContextSchema.optional().describe('Whether agents may access the site; absent: left as it is.'),
    adaptiveContent: z
      .strictObject({
        enabled: z.boolean().optional(),
        jsonSchema: ManifestAdaptiveJsonSchema.optional(),
      })
      .optional(),
    shareLinks: z.array(ManifestShareLinkSchema).optional().describe('Share links by name. Absent: none managed.'),
    structure: z.array(ManifestStructureItemSchema).default([]).describe('Sections and section groups, or spaces at the root.'),
  }),
  spaces: z.record(Key, SpaceRef).optional().describe('Space key → space id, `{spaceId}`, or `{target: <spaces target name>}`.'),
});
export type SiteManifest = z.infer<typeof SiteManifestSchema>;
export type SiteManifestInput = z.input<typeof SiteManifestSchema>;
