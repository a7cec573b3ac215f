import { MAX_BASE64_CHARS } from '../../api/schemas/content-changes.js';
import { FileNotSendableError } from '../errors/file-not-sendable-error.js';
import type { PagePlan, PlannedFile } from './page-plan.js';

export interface SendableLimits {
  /** Whether a file too big to go inline can be served by URL (an artifact store is configured). */
  readonly servesUrls: boolean;
  /** The largest file the API fetches by URL (`import.maxBytes`). */
  readonly maxFileBytes: number;
}

/**
 * Refuses, before the first batch, a plan the API would refuse part-way: a file over the API's
 * inline limit with nothing to serve it by URL, or over what it fetches. Batches apply one by one,
 * so a refusal at the third would leave the first two in the change request; checked here, nothing
 * is sent at all. Page slugs need no check: docsync derives them within the document's rules.
 */
export function checkSendable(plan: Pick<PagePlan, 'changes'>, limits: SendableLimits): void {
  const files = plan.changes.flatMap((change) => (change.kind === 'insert-files' ? change.files : []));
  const tooLarge = files.filter((file) => file.size > limits.maxFileBytes);
  const [large] = tooLarge;
  if (large !== undefined) {
    throw new FileNotSendableError(
      large.path,
      `it is ${mib(large.size)}, over the ${mib(limits.maxFileBytes)} the API fetches (import.maxBytes)`,
      "Leave it out with the target's assets.exclude, or raise import.maxBytes if your API fetches more.",
      tooLarge.length - 1,
    );
  }
  if (limits.servesUrls) return;
  const byUrl = files.filter((file) => !inline(file));
  const [first] = byUrl;
  if (first !== undefined) {
    throw new FileNotSendableError(
      first.path,
      `it is ${mib(first.size)}, over the 1 MB the API takes inline, and artifacts.store is none, so nothing can serve it by URL`,
      "Set artifacts.store: s3 (a bucket the API can reach), or leave the file out with the target's assets.exclude.",
      byUrl.length - 1,
    );
  }
}

/** Whether the file fits the API's `base64` limit. */
function inline(file: Pick<PlannedFile, 'size'>): boolean {
  return Math.ceil(file.size / 3) * 4 <= MAX_BASE64_CHARS;
}

function mib(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}
