import { NotFoundError } from '../api/errors/not-found-error.js';
import type { OpenApiSpecsApi } from '../api/resources/openapi-specs.js';
import type { OpenAPISpec } from '../api/schemas/openapi.js';
import type { SpecTarget } from '../config/spec-target-schema.js';
import { specHash } from './spec-hash.js';

/**
 * The hash of the source the platform's latest version of a spec was made from, comparable with
 * what {@link publishSpec} sends: its URL for a URL spec (the spec says it), its text for a text spec
 * (the one file the latest version's content holds, one more read). Undefined when the platform does
 * not tell: the caller then falls back on its own record.
 */
export async function liveSourceHash(
  api: Pick<OpenApiSpecsApi, 'getLatestContent'>,
  target: Pick<SpecTarget, 'organizationId' | 'slug' | 'url'>,
  live: Pick<OpenAPISpec, 'sourceURL'>,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (live.sourceURL !== undefined) return specHash(live.sourceURL);
  if (target.url !== undefined) return undefined;
  let files: unknown[];
  try {
    files = Object.values((await api.getLatestContent(target.organizationId, target.slug, { signal })).filesystem);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
  const [text] = files;
  return files.length === 1 && typeof text === 'string' ? specHash(text) : undefined;
}
