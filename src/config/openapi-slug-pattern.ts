/** A spec slug as the API takes it (`OpenAPISpecSlug`): lowercase words joined by single "-". Config checks it before any call. */
export const OPENAPI_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
