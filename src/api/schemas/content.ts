import * as z from 'zod';
import { DateTime } from './common.js';

// Revision and Page are each "one of several variants" whose shapes are not shown, so beyond the
// identifying fields everything is optional.

const GitFileSchema = z.looseObject({ oid: z.string(), path: z.string() });

const ContentRefSchema = z.looseObject({ kind: z.string(), file: z.string().optional(), url: z.string().optional() });

export const PageSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  /** `document`, `group`, `link`, ...: any string passes. */
  type: z.string(),
  emoji: z.string().optional(),
  icon: z.string().optional(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.optional(),
  markdown: z.string().optional(),
  urls: z.looseObject({ app: z.string().optional() }).optional(),
  slug: z.string().optional(),
  path: z.string().optional(),
  description: z.string().optional(),
  documentId: z.string().optional(),
  get pages() {
    return z.array(PageSchema).optional();
  },
  git: GitFileSchema.optional(),
  layout: z
    .looseObject({
      cover: z.boolean().optional(),
      title: z.boolean().optional(),
      description: z.boolean().optional(),
      tableOfContents: z.boolean().optional(),
      outline: z.boolean().optional(),
      pagination: z.boolean().optional(),
      /** `hero` is the only value shown. */
      coverSize: z.string().optional(),
    })
    .optional(),
  cover: z
    .looseObject({
      ref: ContentRefSchema.optional(),
      refDark: ContentRefSchema.optional(),
      yPos: z.number().optional(),
    })
    .optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  computed: z.looseObject({ type: z.string(), dependencies: z.unknown().optional(), props: z.unknown().optional() }).optional(),
  computedSeed: z.unknown().optional(),
});
export type Page = z.infer<typeof PageSchema>;

export const FileSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  downloadURL: z.string(),
  size: z.number(),
  dimensions: z.looseObject({ width: z.number(), height: z.number() }).optional(),
  git: GitFileSchema.optional(),
});
export type File = z.infer<typeof FileSchema>;

export const RevisionSchema = z.looseObject({
  object: z.literal('revision'),
  id: z.string(),
  parents: z.array(z.string()),
  pages: z.array(PageSchema),
  files: z.array(FileSchema),
  reusableContents: z
    .array(
      z.looseObject({
        id: z.string(),
        title: z.string(),
        document: z.string().optional(),
        git: GitFileSchema.optional(),
      }),
    )
    .optional(),
  createdAt: DateTime,
  git: z
    .looseObject({
      oid: z.string().optional(),
      message: z.string().optional(),
      createdByService: z.boolean().optional(),
      url: z.string().optional(),
      ref: z.string().optional(),
    })
    .optional(),
  urls: z.looseObject({ app: z.string().optional(), published: z.string().optional(), public: z.string().optional() }).optional(),
  /** `edits` is the only value shown. */
  type: z.string(),
});
export type Revision = z.infer<typeof RevisionSchema>;

export const PagesResponseSchema = z.looseObject({ pages: z.array(PageSchema) });

export const ImportSourceSchema = z.enum(['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs']);

export const ImportContentBodySchema = z.object({ url: z.url(), source: ImportSourceSchema });
export type ImportContentBody = z.infer<typeof ImportContentBodySchema>;

export const ImportResultSchema = z.looseObject({
  revision: z.string(),
  importedResources: z.number(),
  totalResources: z.number(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const LinkStatusSchema = z.enum(['ok', 'broken', 'in-app']);
