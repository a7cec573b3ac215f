import { ApiConfigError } from '../api/errors/api-config-error.js';
import { ApiError } from '../api/errors/api-error.js';
import { NotTheApiError } from '../api/errors/not-the-api-error.js';
import { EndpointRedirectsError } from '../api/errors/endpoint-redirects-error.js';
import { AuthenticationError } from '../api/errors/authentication-error.js';
import { PermissionError } from '../api/errors/permission-error.js';
import { NetworkError } from '../api/errors/network-error.js';
import { TimeoutError } from '../api/errors/timeout-error.js';
import { ResponseBudgetError } from '../api/errors/response-budget-error.js';
import { ServerError } from '../api/errors/server-error.js';
import { RateLimitError } from '../api/errors/rate-limit-error.js';
import { ArtifactStoreError, type ArtifactFailure } from '../artifacts/errors/artifact-store-error.js';
import { ConfigError } from '../config/config-error.js';
import { MissingTokenError } from '../config/missing-token-error.js';
import { ContentError } from '../content/errors/content-error.js';
import { GitDeliveryRemoteError } from '../content/errors/git-delivery-remote-error.js';
import { GitPushRejectedError } from '../content/errors/git-push-rejected-error.js';
import { SnapshotStaleError } from '../content/errors/snapshot-stale-error.js';
import { RedisAuthError } from './redis-auth-error.js';
import { PlatformEditsNotKeptError } from './platform-edits-not-kept-error.js';
import { RedisUnavailableError } from './redis-unavailable-error.js';

/** One exit code per kind of failure, so CI can tell them apart. The README lists them. */
export const EXIT = {
  ok: 0,
  /** The work ran and something failed (a target, a spec, an item). */
  failed: 1,
  /** Bad configuration, manifest or command line; a docs folder that is missing or not a git repo; an endpoint that is not the API. */
  config: 2,
  /** The token is missing or wrong, or Redis refused its password. */
  auth: 3,
  /** The token's role does not allow an operation. */
  permission: 4,
  /** The API (or Redis) could not be reached, timed out, or kept failing. */
  unavailable: 5,
  /** The API rejected a request (400, 404, 409) or answered in an unexpected shape. */
  api: 6,
  /** Pages edited in the platform could not be kept in git (pushed to their branch, its remote reached, a file they link downloaded): the target stopped before overwriting them. */
  platformEditsPush: 7,
  /** Pages edited in the platform and in git clash: committed with conflict markers to the platform-edits branch. */
  platformEditsConflict: 8,
  /** `delivery: git`: the remote the platform imports from does not hold the synced commit at its ref (missing, elsewhere, unreadable, or the push refused). */
  gitRemote: 9,
  /** Interrupted (SIGINT). */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The artifact store's failures, by what the user has to fix: its configuration, its credentials, its reach. */
const ARTIFACT_EXIT: Record<ArtifactFailure, ExitCode> = {
  'no-store': EXIT.config,
  bucket: EXIT.config,
  'unreachable-by-api': EXIT.config,
  credentials: EXIT.auth,
  permission: EXIT.permission,
  unreachable: EXIT.unavailable,
  'not-fetched': EXIT.api,
  failed: EXIT.failed,
};

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof ConfigError || error instanceof ApiConfigError || error instanceof NotTheApiError || error instanceof EndpointRedirectsError)
    return EXIT.config;
  if (error instanceof ArtifactStoreError) return ARTIFACT_EXIT[error.failure];
  if (error instanceof GitDeliveryRemoteError) return EXIT.gitRemote;
  // Only platform edits push: their branch could not be updated, so nothing was overwritten.
  if (error instanceof GitPushRejectedError || error instanceof PlatformEditsNotKeptError) return EXIT.platformEditsPush;
  // A docs folder that is missing or not a git repository is a configuration mistake, not a flaky run.
  if (error instanceof ContentError && !(error instanceof SnapshotStaleError)) return EXIT.config;
  if (error instanceof AuthenticationError || error instanceof MissingTokenError || error instanceof RedisAuthError) return EXIT.auth;
  if (error instanceof PermissionError) return EXIT.permission;
  if (
    error instanceof NetworkError ||
    error instanceof TimeoutError ||
    error instanceof ResponseBudgetError ||
    error instanceof ServerError ||
    error instanceof RateLimitError ||
    error instanceof RedisUnavailableError
  ) {
    return EXIT.unavailable;
  }
  if (error instanceof ApiError) return EXIT.api;
  return EXIT.failed;
}
