import { randomBytes } from 'node:crypto';
import { appendFile } from 'node:fs/promises';

/** What a command reports to the workflow: each becomes a step output (`steps.<id>.outputs.<name>`). */
export type GithubOutputs = Readonly<Record<string, string>>;

/**
 * Appends step outputs to `$GITHUB_OUTPUT` when running under GitHub Actions; does nothing elsewhere.
 * Multi-line values use the heredoc form with a random delimiter, so a value can never end it early.
 */
export async function writeGithubOutputs(outputs: GithubOutputs, env: Readonly<Record<string, string | undefined>> = process.env): Promise<void> {
  const file = env.GITHUB_ACTIONS === 'true' ? env.GITHUB_OUTPUT : undefined;
  if (file === undefined || file === '') return;
  let text = '';
  for (const [name, value] of Object.entries(outputs)) {
    if (!value.includes('\n') && !value.includes('\r')) {
      text += `${name}=${value}\n`;
      continue;
    }
    const delimiter = `docsync_${randomBytes(12).toString('hex')}`;
    text += `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
  }
  await appendFile(file, text);
}
