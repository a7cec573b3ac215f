import { SecretRedactor, secretsFromEnv } from '../logging/redact-secrets.js';
import { withoutCommandLines } from '../logging/sanitize-output.js';

/** The two ways a command's output leaves docsync. */
export interface SafeOutput {
  /** A report, a summary, a JSON document: secrets cut, and no line can start a workflow command. */
  readonly text: (text: string) => string;
  /** docsync's own workflow commands (annotations), whose data is escaped already: secrets cut. */
  readonly commands: (text: string) => string;
}

/**
 * What every line a command prints passes through (stdout, `--json`, annotations, the step
 * summary): the environment's and the configuration's secrets cut by value, in any encoding.
 */
export function safeOutput(secrets: readonly string[] = [], env: Readonly<Record<string, string | undefined>> = process.env): SafeOutput {
  const redactor = new SecretRedactor([...secretsFromEnv(env), ...secrets]);
  return { text: (text) => withoutCommandLines(redactor.text(text)), commands: (text) => redactor.text(text) };
}
