import { joinDocPath } from './doc-path.js';
import type { FileIndex } from '../file-index.js';
import { DEFAULT_GITBOOK_CONFIG, type ParsedGitbookConfig, parseGitbookConfig } from './gitbook-config.js';

/** Where a GitBook-format project keeps its docs, from its `.gitbook.yaml`. Paths are relative to the source's top. */
export interface DocsLocation {
  readonly configPath: string;
  /** `.gitbook.yaml` as read (the defaults when there is none). */
  readonly parsed: ParsedGitbookConfig;
  /** The file exists. */
  readonly hasConfig: boolean;
  readonly root: string;
  /** `structure.readme` under the root; a listed file of another case when only that exists. */
  readonly readmePath: string;
  readonly summaryPath: string;
}

/**
 * Applies `.gitbook.yaml` as GitBook's Git Sync documents it: `root` relative to the project directory,
 * `structure.readme` and `structure.summary` relative to the root. `configText` is the file's text, or
 * undefined when the project has none.
 */
export function locateDocs(index: FileIndex, directory: string, configText: string | undefined): DocsLocation {
  const configPath = joinDocPath(directory, '.gitbook.yaml');
  const parsed =
    configText === undefined
      ? { config: DEFAULT_GITBOOK_CONFIG, warnings: [], rootLine: undefined, redirectLines: {} }
      : parseGitbookConfig(configText, configPath);
  const root = joinDocPath(directory, parsed.config.root);
  const configuredReadme = joinDocPath(root, parsed.config.structure.readme);
  const readmePath = index.has(configuredReadme) ? configuredReadme : (index.findIgnoringCase(configuredReadme) ?? configuredReadme);
  return {
    configPath,
    parsed,
    hasConfig: configText !== undefined,
    root,
    readmePath,
    summaryPath: joinDocPath(root, parsed.config.structure.summary),
  };
}
