import type { FileRecord } from '../state/records.js';

/** `downloadBase`: where the revision's files are served (see file-download-route). */
export function serializeFile(downloadBase: string, file: FileRecord, metadata = true) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: `${downloadBase}/${encodeURIComponent(file.id)}/${encodeURIComponent(file.name)}`,
    size: file.size,
    ...(metadata && file.git ? { git: file.git } : {}),
  };
}
