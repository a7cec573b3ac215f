import type { DocsSnapshot } from '../../content/gitbook/docs-snapshot.js';
import type { CommitInfo } from '../../content/git/git-repository.js';
import { snapshotFileReader } from '../../content/snapshot-file-reader.js';
import type { TreeSource } from '../../content/tree-source.js';
import type { SourceKind } from '../plan-schema.js';
import { bundleSnapshot, snapshotPagePaths } from './bundle-snapshot.js';
import type { ResolvedSource } from './resolved-source.js';

/** A source read into a docs snapshot: imported as a bundle docsync zips (or sent as pages), checked page for page. */
export function snapshotSource(input: {
  kind: SourceKind;
  label: string;
  snapshot: DocsSnapshot;
  source: TreeSource;
  bundleName: string;
  commit?: CommitInfo | undefined;
  dispose?: () => Promise<void>;
}): ResolvedSource {
  const { snapshot, source } = input;
  return {
    kind: input.kind,
    label: input.label,
    pages: snapshotPagePaths(snapshot).size,
    commit: input.commit,
    warnings: snapshot.warnings,
    async prepare() {
      const bundle = await bundleSnapshot(snapshot, source);
      return {
        payload: { type: 'bundle', bytes: bundle.bytes, name: input.bundleName },
        expectation: { kind: 'exact', pages: bundle.pages },
        contentHash: bundle.contentHash,
      };
    },
    pageContent: () => Promise.resolve({ snapshot, readMany: snapshotFileReader(snapshot, source) }),
    dispose: input.dispose ?? (() => Promise.resolve()),
  };
}
