import * as z from 'zod';

/** Where the site manifest lives, and what a plain gitbook-docs.yaml cannot say; the manifest's own schema is in src/site/. */
export const SiteTargetSchema = z.object({
  manifest: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Site manifest (GitBook's gitbook-docs.yaml or docs.yaml, extended), relative to the config file. Default: gitbook-docs.yaml beside the config file, else docs.yaml.",
    ),
  prune: z.boolean().default(false).describe('Delete objects the manifest does not declare. Default false.'),
  organization: z.string().min(1).optional().describe('Organization that owns the site, when the manifest does not say (a plain gitbook-docs.yaml).'),
  id: z.string().min(1).optional().describe('Site id, when the manifest does not say.'),
  spaces: z
    .record(z.string().min(1), z.string().min(1))
    .optional()
    .describe('Space key of the manifest → space id, for spaces whose content.directory no `spaces` target syncs.'),
});
