import * as z from 'zod';
import { DocsyncConfigSchema } from './config-schema.js';

/** JSON Schema of docsync.yaml for editors, generated from the same zod schema the loader uses. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(DocsyncConfigSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'docsync configuration (docsync.yaml)',
  };
}
