/**
 * A failure that a retry would repeat (an invalid spec, a docs root that does not exist). Processors
 * wrap such errors in it; the drivers then stop retrying and keep the reason.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
  readonly code = 'E_JOB_PERMANENT';
}
