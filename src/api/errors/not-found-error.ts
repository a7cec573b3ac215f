import { ApiError, type ApiErrorContext } from './api-error.js';

/** 404: the resource (or the route) does not exist, or the caller cannot see it. */
export class NotFoundError extends ApiError {
  override readonly code = 'E_API_NOT_FOUND';

  constructor(context: ApiErrorContext) {
    super(
      `${ApiError.describe(context)} failed with 404 Not Found${ApiError.quoteApi(context)}: ` +
        "check the ids in the path (organization, space, site, …) and that the token's user can see them.",
      context,
    );
    this.name = 'NotFoundError';
  }
}
