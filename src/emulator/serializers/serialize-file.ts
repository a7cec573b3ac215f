import type { FileRecord } from '../state/records.js';

/** Files are not served; the download URL names where they would be. */
export function serializeFile(spaceId: string, file: FileRecord, metadata = true) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: `https://files.emulator.test/${spaceId}/${file.id}/${encodeURIComponent(file.name)}`,
    size: file.size,
    ...(metadata && file.git ? { git: file.git } : {}),
  };
}
