import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import type { PageRecord } from '../../src/emulator/state/records.js';
import { createRevision } from '../../src/emulator/state/revisions.js';

/**
 * What an edit in the web editor does to a space's main content: a new revision in which the page
 * at `gitPath` has other markdown and no longer matches a source file (the editor writes no git
 * metadata). With `add`, a new page made in the editor is appended at the top level instead.
 */
export function editSpaceByHand(emulator: RunningEmulator, spaceId: string, edit: { gitPath: string; markdown: string } | { add: string }): void {
  const { state } = emulator;
  const space = state.spaces.get(spaceId);
  const current = space && state.revisions.get(space.revision);
  if (!space || !current) throw new Error(`no space ${spaceId} in the emulator`);
  const now = state.timestamp();
  const edited: string[] = [];
  const rewrite = (pages: readonly PageRecord[]): PageRecord[] =>
    pages.map((page) => {
      if ('gitPath' in edit && page.git?.path === edit.gitPath) {
        edited.push(page.id);
        const { git: _git, ...rest } = page;
        return { ...rest, markdown: edit.markdown, updatedAt: now, pages: rewrite(page.pages) };
      }
      return { ...page, pages: rewrite(page.pages) };
    });
  const pages = rewrite(current.pages);
  if ('add' in edit) {
    const slug = edit.add.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    pages.push({
      id: state.newId('page'),
      title: edit.add,
      path: slug,
      slug,
      type: 'document',
      markdown: `# ${edit.add}\n`,
      createdAt: now,
      updatedAt: now,
      pages: [],
    });
  } else if (edited.length === 0) throw new Error(`no page from ${edit.gitPath} in ${spaceId}`);
  space.revision = createRevision(state, space.id, { pages, files: current.files }, [current.id]).id;
  space.updatedAt = now;
}
