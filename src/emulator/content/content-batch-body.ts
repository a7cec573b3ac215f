import * as z from 'zod';

/**
 * The body of `POST CR/content` (`updateChangeRequestContent`) as `@gitbook/api` 0.202.0 describes
 * it: `changes`, 1 to 50 of `ChangeRequestContentChange`, told apart by `operation`. Every bound of
 * the document is here, so a body it refuses is a 400 naming the field (`changes.3.files.0.name`).
 * Fields the document does not list are ignored, as its schemas allow them.
 */

export const MAX_CHANGES = 50;
export const MAX_FILES_PER_CHANGE = 20;

/** `Document`: markdown, a JSON document, or empty (`{}`). */
const DocumentSchema = z
  .object({ markdown: z.string().optional(), document: z.unknown().optional() })
  .refine((doc) => doc.markdown === undefined || doc.document === undefined, {
    message: 'give either "markdown" or "document", not both',
  });
export type BatchDocument = z.infer<typeof DocumentSchema>;

/** `RevisionPageUpdate`: metadata an insert or an update may set. */
const PageFields = {
  title: z.string().min(1).optional(),
  slug: z.string().max(100).optional(),
  emoji: z.string().max(50).optional(),
  icon: z.string().max(50).optional(),
  description: z.string().optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  condition: z.string().optional(),
};

const position = z.number().int().min(0);

const InsertPageSchema = z.object({
  ...PageFields,
  operation: z.literal('insert_page'),
  into: z.string().optional(),
  at: position.optional(),
  ref: z.string().optional(),
  document: DocumentSchema,
});

const UpdatePageSchema = z.object({
  ...PageFields,
  operation: z.literal('update_page'),
  page: z.string(),
  document: DocumentSchema.optional(),
  into: z.string().nullable().optional(),
  at: position.optional(),
});

const DeletePageSchema = z.object({ operation: z.literal('delete_page'), page: z.string() });

const RevertPageSchema = z.object({
  operation: z.literal('revert_page'),
  page: z.string(),
  revision: z.string().optional(),
  block: z.array(z.string()).optional(),
});

/** One file: exactly one source, `url` (fetched) or `base64` (which needs `contentType`). */
const BatchFileSchema = z
  .object({
    ref: z.string().optional(),
    name: z.string().min(1).max(256),
    contentType: z.string().optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    base64: z.base64().optional(),
  })
  .superRefine((file, issues) => {
    if ((file.url === undefined) === (file.base64 === undefined)) {
      issues.addIssue({ code: 'custom', path: ['url'], message: 'set exactly one source, "url" or "base64"' });
    } else if (file.base64 !== undefined && file.contentType === undefined) {
      issues.addIssue({ code: 'custom', path: ['contentType'], message: 'is required with "base64"' });
    }
  });

const InsertFilesSchema = z.object({
  operation: z.literal('insert_files'),
  files: z.array(BatchFileSchema).min(1).max(MAX_FILES_PER_CHANGE),
});

const ChangeSchema = z.discriminatedUnion('operation', [UpdatePageSchema, InsertPageSchema, DeletePageSchema, RevertPageSchema, InsertFilesSchema]);
export type ContentChange = z.infer<typeof ChangeSchema>;
export type InsertPageChange = z.infer<typeof InsertPageSchema>;
export type UpdatePageChange = z.infer<typeof UpdatePageSchema>;

export const ContentBatchBodySchema = z.object({
  changes: z
    .array(ChangeSchema)
    .min(1)
    .max(MAX_CHANGES, { message: `a batch holds at most ${MAX_CHANGES} changes; send the rest in another batch` }),
});
