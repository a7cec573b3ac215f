import { ContentError } from './content-error.js';

/** A docs bundle is larger than the API accepts for an import (`import.maxBytes`). */
export class BundleTooLargeError extends ContentError {
  override readonly code = 'E_CONTENT_TOO_LARGE';

  /**
   * @param source where the docs were read from
   * @param size the bundle's size in bytes
   * @param limit `import.maxBytes`
   * @param largest the largest files, biggest first
   */
  constructor(
    source: string,
    readonly size: number,
    readonly limit: number,
    readonly largest: readonly { readonly path: string; readonly size: number }[],
  ) {
    const files = largest.map((file) => `${file.path} (${mib(file.size)})`).join(', ');
    super(
      `The bundle of ${source} is ${mib(size)}, over the import limit of ${mib(limit)} (import.maxBytes); nothing was sent. ` +
        `Largest files: ${files}. Leave files out with the target's assets.exclude, or raise import.maxBytes if your API accepts more.`,
    );
    this.name = 'BundleTooLargeError';
  }
}

function mib(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}
