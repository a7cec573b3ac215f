import * as z from 'zod';

/** Where the site manifest lives; the manifest's own schema is in src/site/. */
export const SiteTargetSchema = z.object({
  manifest: z.string().min(1).describe('Site manifest (docs.yaml shape, extended), relative to the config file.'),
  prune: z.boolean().default(false).describe('Delete objects the manifest does not declare. Default false.'),
});
export type SiteTarget = z.infer<typeof SiteTargetSchema>;
