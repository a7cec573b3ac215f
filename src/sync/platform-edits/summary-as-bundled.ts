import { decodeText } from '../../content/gitbook/clean-text.js';
import type { PreparedContent } from '../prepared-content.js';
import { withoutListedReadme } from './edit-summary.js';

/**
 * The docs' `SUMMARY.md` (at `summary` in the docs root) as edits of the platform's start from:
 * the repository's, or the one the bundle generates less the readme the repository lists nowhere.
 */
export async function summaryAsBundled(content: Pick<PreparedContent, 'snapshot' | 'readMany'>, summary: string): Promise<string> {
  let text = '';
  for await (const read of content.readMany([summary])) text = decodeText(read.bytes);
  const generated = content.snapshot.files.find((file) => file.path === summary)?.sourcePath === undefined;
  return generated && content.snapshot.readme !== undefined ? withoutListedReadme(text, summary, content.snapshot.readme) : text;
}
