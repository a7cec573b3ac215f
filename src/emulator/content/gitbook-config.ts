import { parse } from 'yaml';
import { joinPath } from './repo-path.js';

export interface GitbookConfig {
  /** Folder of the docs inside the archive, `''` for the archive root. */
  root: string;
  /** Archive paths of the readme and the summary. */
  readme: string;
  summary: string;
}

const decoder = new TextDecoder('utf-8');

/**
 * Reads `.gitbook.yaml` (`root`, `structure.readme`, `structure.summary`), tolerating stray
 * zero-width characters and spaces around keys. A missing or unreadable file means the defaults.
 */
export function readGitbookConfig(entries: ReadonlyMap<string, Uint8Array>, skipped: string[]): GitbookConfig {
  const bytes = entries.get('.gitbook.yaml') ?? entries.get('.gitbook.yml');
  let root = '';
  let readme = 'README.md';
  let summary = 'SUMMARY.md';
  if (bytes) {
    const raw = readYaml(decoder.decode(bytes).replace(/[\u200B-\u200D\uFEFF]/g, ''));
    if (raw === undefined) skipped.push('.gitbook.yaml is not valid YAML; the defaults were used');
    const config = trimKeys(raw);
    if (typeof config.root === 'string') {
      const joined = joinPath('', config.root.trim());
      if (joined === undefined) skipped.push(`.gitbook.yaml root "${config.root}" leaves the repository; the defaults were used`);
      else root = joined;
    }
    const structure = trimKeys(config.structure);
    if (typeof structure.readme === 'string' && structure.readme.trim() !== '') readme = structure.readme.trim();
    if (typeof structure.summary === 'string' && structure.summary.trim() !== '') summary = structure.summary.trim();
  }
  return { root, readme: joinPath(root, readme) ?? 'README.md', summary: joinPath(root, summary) ?? 'SUMMARY.md' };
}

function readYaml(text: string): unknown {
  try {
    return parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function trimKeys(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.trim(), v as unknown]));
}
