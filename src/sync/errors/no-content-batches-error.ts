import { ApiConfigError } from '../../api/errors/api-config-error.js';

/**
 * `delivery: changes` against an API release without change-request content batches (the seed's):
 * refused before any write, since each batch would answer 404 after a change request was opened.
 */
export class NoContentBatchesError extends ApiConfigError {
  constructor(readonly version: string) {
    super(
      `delivery: changes: this API has no content batches (it answers release ${JSON.stringify(version)}, older than 0.202.0); ` +
        'set `delivery: import` (or `auto`) for this target in docsync.yaml. Nothing was written.',
    );
  }
}
