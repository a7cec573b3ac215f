import type * as z from 'zod';
import { ApiError, type ApiErrorContext } from './api-error.js';

/** How many schema issues a message lists before summarizing the rest. */
const MAX_LISTED = 5;

/** `items[0].status`, or `(body)` for the root. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(body)' : out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string' && value.length <= 40) return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
}

/** One line per issue: `items[0].status: expected one of "draft"|"open", received "closed"`. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string {
  const lines = issues.slice(0, MAX_LISTED).map((issue) => {
    const message = issue.message.replace(/^Invalid (input|option): /, '');
    const received = /received/.test(message) ? '' : `, received ${describeValue(valueAt(input, issue.path))}`;
    return `${formatPath(issue.path)}: ${message}${received}`;
  });
  if (issues.length > MAX_LISTED) lines.push(`… and ${issues.length - MAX_LISTED} more`);
  return lines.join('; ');
}

/**
 * The API answered with success but the body is not what docsync expects (a required field missing
 * or of the wrong type, or not JSON at all). The message names each field path with what was
 * expected and what arrived.
 */
export class ResponseShapeError extends ApiError {
  override readonly code = 'E_API_RESPONSE_SHAPE';
  /** The schema issues, when the body was JSON. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(context: ApiErrorContext & { readonly issues?: readonly z.core.$ZodIssue[]; readonly input?: unknown; readonly detail?: string }) {
    const issues = context.issues ?? [];
    const detail = context.detail ?? (issues.length > 0 ? formatIssues(issues, context.input) : 'the body is not valid JSON');
    super(
      `${ApiError.describe(context)} returned an unexpected response (${detail}). ` +
        'Check that DOCSYNC_ENDPOINT points at the documentation hosting API; if it does, the API has changed: report this.',
      context,
    );
    this.name = 'ResponseShapeError';
    this.issues = issues;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) };
  }
}
