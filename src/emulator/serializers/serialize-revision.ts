import type { RevisionRecord } from '../state/records.js';
import { serializeFile } from './serialize-file.js';
import { serializePage } from './serialize-page.js';

export function serializeRevision(revision: RevisionRecord, view: { appBase: string; downloadBase: string; metadata: boolean }) {
  return {
    object: 'revision' as const,
    id: revision.id,
    parents: revision.parents,
    pages: revision.pages.map((page) => serializePage(page, { ...view, markdown: false })),
    files: revision.files.map((file) => serializeFile(view.downloadBase, file, view.metadata)),
    // The emulator has no reusable content blocks.
    reusableContents: [],
    tags: [],
    createdAt: revision.createdAt,
    // The emulator's commits come from imports, never from an export by the platform.
    ...(view.metadata && revision.git ? { git: { ...revision.git, createdByGitBook: false } } : {}),
    urls: { app: view.appBase },
    type: 'edits',
  };
}
