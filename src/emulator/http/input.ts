import * as z from 'zod';
import { badRequest } from '../emulator-error.js';
import { MAX_PAGE_LIMIT } from './paginate.js';

/** Query-string values arrive as strings: these read them strictly. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
export const queryLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_LIMIT, { message: `must be at most ${MAX_PAGE_LIMIT}` });
export const pageQuery = z.object({ page: z.string().optional(), limit: queryLimit.optional() });
/** A query parameter given once or repeated (`?authors=a&authors=b`). */
export const queryStringList = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

/** Parses one part of a request; a failure is a 400 naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const detail = issue?.message ?? 'invalid';
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : '';
  throw badRequest(field === undefined ? `Invalid ${where}: ${detail}${more}` : `Invalid ${where} field "${field}": ${detail}${more}`);
}
