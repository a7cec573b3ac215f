/**
 * One change of a content batch cannot apply. `field` is relative to the change (`into`, `slug`,
 * `files.2.url`); the route prefixes it with the change's place in the batch and answers 400.
 */
export class ChangeRefused extends Error {
  override readonly name = 'ChangeRefused';

  constructor(
    readonly field: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
