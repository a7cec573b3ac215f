import { MissingTokenError } from '../config/missing-token-error.js';

const NO_TOKEN = 'no API token; set DOCSYNC_TOKEN (or GITBOOK_TOKEN, as the official CLI reads it), or api.token in the configuration';

/**
 * Without a token every call is a 401: a command that talks to the API says so before its first
 * request (exit 3), naming the configuration file when there is one.
 */
export async function refuseWithoutToken(api: { readonly hasToken: boolean; close(): Promise<unknown> }, file: string | undefined): Promise<void> {
  if (api.hasToken) return;
  await api.close();
  throw new MissingTokenError(NO_TOKEN, file);
}
