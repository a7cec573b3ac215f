import pMap from 'p-map';
import { badRequest } from '../emulator-error.js';
import type { ContentChange } from './content-batch-body.js';
import { contentTypeOf } from '../../content/gitbook/content-type-of.js';
import { fetchImportSource } from './fetch-import-source.js';

/** The document's cap on inline bytes: "max 1MB". */
export const MAX_BASE64_BYTES = 1024 * 1024;
const PARALLEL_FETCHES = 4;

export interface LoadedFile {
  bytes: Uint8Array;
  contentType: string;
}

/** Bytes of every `insert_files` file of a batch, keyed `<change>.<file>` by position. */
export type LoadedFiles = ReadonlyMap<string, LoadedFile>;

export function fileKey(change: number, file: number): string {
  return `${change}.${file}`;
}

/**
 * Gets the bytes of a batch's files before anything is applied, so the batch itself applies in one
 * step: `base64` decoded (at most 1 MiB, with its `contentType`), `url` fetched with the import's
 * fetch and size limit (`contentType` given overrides the server's; without either, the name's
 * extension decides). Any failure is a 400 naming the file's field, and nothing is applied.
 */
export async function loadBatchFiles(changes: readonly ContentChange[], fetchLimit: number): Promise<LoadedFiles> {
  const loaded = new Map<string, LoadedFile>();
  const fetches: Array<{ key: string; url: string; field: string; name: string; contentType: string | undefined }> = [];
  changes.forEach((change, c) => {
    if (change.operation !== 'insert_files') return;
    change.files.forEach((file, f) => {
      const field = `changes.${c}.files.${f}`;
      if (file.url !== undefined) {
        fetches.push({ key: fileKey(c, f), url: file.url, field: `${field}.url`, name: file.name, contentType: file.contentType });
        return;
      }
      const bytes = Buffer.from(file.base64 ?? '', 'base64');
      if (bytes.byteLength > MAX_BASE64_BYTES) {
        throw badRequest(
          `Invalid body field "${field}.base64": ${bytes.byteLength} bytes is over the ${MAX_BASE64_BYTES}-byte limit of inline files; give a "url" instead.`,
        );
      }
      loaded.set(fileKey(c, f), { bytes, contentType: file.contentType ?? contentTypeOf(file.name) });
    });
  });
  await pMap(
    fetches,
    async (item) => {
      const fetched = await fetchImportSource(item.url, fetchLimit, item.field);
      const served = fetched.contentType?.split(';')[0]?.trim();
      loaded.set(item.key, { bytes: fetched.bytes, contentType: item.contentType ?? (served || contentTypeOf(item.name)) });
    },
    { concurrency: PARALLEL_FETCHES },
  );
  return loaded;
}
