import { parse as parseYaml } from 'yaml';

export type SpecFormat = 'json' | 'yaml';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON when the text parses as JSON, YAML otherwise; names the file in a version's content. */
export function specFormatOf(text: string): SpecFormat {
  try {
    JSON.parse(text);
    return 'json';
  } catch {
    return 'yaml';
  }
}

function parseDocument(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return parseYaml(text) as unknown;
  }
}

/**
 * Why a text is not an OpenAPI document, or undefined when it is one: an object with `openapi`
 * 3.x or `swagger` 2.0, an `info` object, and `paths` (3.1 may instead have only `webhooks` or
 * `components`). This is what processing needs to accept; it is not a full schema validation.
 */
export function specProblem(text: string): string | undefined {
  let document: unknown;
  try {
    document = parseDocument(text);
  } catch (error) {
    return `not JSON or YAML: ${(error as Error).message}`;
  }
  if (!isObject(document)) return 'the document is not an object';
  const { openapi, swagger, info, paths, webhooks, components } = document;
  const is31 = typeof openapi === 'string' && /^3\.1(\.|$)/.test(openapi);
  if (typeof openapi === 'string' ? !/^3\.\d+(\.\d+)?/.test(openapi) : swagger !== '2.0') {
    return 'neither "openapi" 3.x nor "swagger" "2.0"';
  }
  if (!isObject(info)) return '"info" is missing or not an object';
  if (isObject(paths)) return undefined;
  if (is31 && (isObject(webhooks) || isObject(components))) return undefined;
  return is31 ? 'none of "paths", "webhooks" or "components"' : '"paths" is missing or not an object';
}
