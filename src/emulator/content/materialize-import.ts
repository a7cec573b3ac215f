import type { EmulatorState } from '../state/emulator-state.js';
import type { FileRecord, PageRecord, RevisionRecord } from '../state/records.js';
import { walkPages } from '../state/revisions.js';
import type { ImportedContent, ImportedPage } from './imported-content.js';

/**
 * Gives imported pages and files ids and paths. A page at the same repository path (or, without
 * one, the same page path) as in the previous revision keeps its id and `documentId`, so
 * re-importing a repository does not churn ids that comments and clients hold on to.
 */
export function materializeImport(state: EmulatorState, imported: ImportedContent, previous: RevisionRecord): { pages: PageRecord[]; files: FileRecord[] } {
  const now = state.timestamp();
  const byGitPath = new Map<string, PageRecord>();
  const byPath = new Map<string, PageRecord>();
  const byGroupPath = new Map<string, PageRecord>();
  for (const page of walkPages(previous.pages)) {
    if (page.git) byGitPath.set(page.git.path, page);
    (page.type === 'group' ? byGroupPath : byPath).set(page.path, page);
  }
  const usedIds = new Set<string>();
  const usedPaths = new Set<string>();
  const usedGroupPaths = new Set<string>();

  const priorFiles = new Map(previous.files.map((file) => [file.git?.path ?? file.name, file]));
  const files = imported.files.map((input): FileRecord => {
    const prior = priorFiles.get(input.path);
    return {
      id: prior?.id ?? state.newId('file'),
      name: input.name,
      contentType: input.contentType,
      size: input.data.byteLength,
      data: input.data,
      git: { oid: input.oid, path: input.path },
    };
  });
  const fileIdByPath = new Map(files.map((file) => [file.git?.path, file.id]));

  const build = (inputs: readonly ImportedPage[], parentPath: string): PageRecord[] =>
    inputs.map((input) => {
      const base = input.slug || 'page';
      let slug = base;
      const join = (s: string): string => (parentPath ? `${parentPath}/${s}` : s);
      // Groups and links are not in URLs: their paths only need to be unique among them.
      const used = input.kind === 'document' ? usedPaths : usedGroupPaths;
      for (let n = 2; used.has(join(slug)); n++) slug = `${base}-${n}`;
      const path = join(slug);
      used.add(path);
      const found = (input.git && byGitPath.get(input.git.path)) ?? (input.kind === 'group' ? byGroupPath : byPath).get(path);
      const prior = found && !usedIds.has(found.id) ? found : undefined;
      const id = prior?.id ?? state.newId('page');
      usedIds.add(id);
      const page: PageRecord = {
        id,
        documentId: prior?.documentId ?? state.newId('doc'),
        title: input.title,
        path,
        slug,
        type: input.kind,
        markdown: input.markdown,
        createdAt: prior?.createdAt ?? now,
        updatedAt: prior && sameContent(prior, input) ? prior.updatedAt : now,
        pages: build(input.pages, input.kind === 'group' ? parentPath : path),
      };
      if (input.href !== undefined) page.href = input.href;
      if (input.description !== undefined) page.description = input.description;
      if (input.hidden !== undefined) page.hidden = input.hidden;
      if (input.icon !== undefined) page.icon = input.icon;
      if (input.layout !== undefined) page.layout = { ...input.layout };
      if (input.git !== undefined) page.git = input.git;
      const coverFile = input.cover?.kind === 'file' ? fileIdByPath.get(input.cover.path) : undefined;
      if (input.cover?.kind === 'url') page.cover = { ref: { kind: 'url', url: input.cover.url }, yPos: input.cover.yPos };
      else if (input.cover && coverFile !== undefined) page.cover = { ref: { kind: 'file', file: coverFile }, yPos: input.cover.yPos };
      return page;
    });

  return { pages: build(imported.pages, ''), files };
}

function sameContent(prior: PageRecord, input: ImportedPage): boolean {
  return (
    prior.title === input.title &&
    prior.markdown === input.markdown &&
    prior.description === input.description &&
    prior.hidden === input.hidden &&
    prior.icon === input.icon &&
    JSON.stringify(prior.layout) === JSON.stringify(input.layout)
  );
}
