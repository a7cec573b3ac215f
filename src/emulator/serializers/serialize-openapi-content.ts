import type { OpenAPIVersionRecord } from '../state/records.js';
import { specFormatOf } from '../openapi/check-spec.js';

/** `{filesystem, url}`: one file named by the text's format; empty until a URL source is fetched. */
export function serializeOpenAPIContent(version: OpenAPIVersionRecord) {
  const filesystem: Record<string, string> =
    version.text === undefined ? {} : { [`openapi.${specFormatOf(version.text)}`]: version.text };
  return { filesystem, url: version.url };
}
