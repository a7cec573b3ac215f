export * from './errors/index.js';
export { type AssetRules, NO_ASSET_RULES } from './asset-rules.js';
export { bundleSizeBound, largestFiles } from './bundle-size.js';
export { type Bundle, type BundleEntry, createBundle, type CreateBundleOptions } from './create-bundle.js';
export { contentHash } from './content-hash.js';
export { DeflatePool, type Deflater } from './deflate-pool.js';
export { type DeflatedEntry, DeflatedEntryCache } from './deflated-entry-cache.js';
export type { DocsSnapshot, PageGroup, PageNode, ReadStats, SnapshotFile } from './docs-snapshot.js';
export { type CommitInfo, GitRepository, type GitTreeEntry } from './git-repository.js';
export { GitRefSource } from './git-ref-source.js';
export {
  DEFAULT_GITBOOK_CONFIG,
  formatGitbookConfig,
  type GitbookConfig,
  type ParsedGitbookConfig,
  parseGitbookConfig,
} from './gitbook-config.js';
export { type CachedFile, HashCache } from './hash-cache.js';
export type { LineNote } from './line-note.js';
export { type PageMeta, type PageRef, parsePageMeta } from './parse-page-meta.js';
export { type ParsedSummary, parseSummary, type SummaryGroup, type SummaryItem } from './parse-summary.js';
export { readDocsRepo, type ReadDocsOptions } from './read-docs-repo.js';
export { ReadCounter } from './read-counter.js';
export { ReadMemo } from './read-memo.js';
export type { FileBytes, TreeEntry, TreeSource } from './tree-source.js';
export { WorktreeSource, type WorktreeSourceOptions } from './worktree-source.js';
export { type BundleFile, writeBundle, type WriteBundleOptions } from './write-bundle.js';
