import { isMap, isNode, isScalar, LineCounter, parseDocument, stringify } from 'yaml';
import { closestName } from '../../config/unknown-keys.js';
import { cleanText } from './clean-text.js';
import { normalizeDocPath } from './doc-path.js';
import { yamlErrorSummary } from './yaml-error.js';
import { yamlData } from '../../config/yaml-data.js';
import { isRecord } from './is-record.js';

/** What `.gitbook.yaml` says, normalised. Paths are `/`-separated, without leading `./`. */
export interface GitbookConfig {
  /** Docs root relative to the project directory ('' = the project directory itself). */
  readonly root: string;
  readonly structure: {
    /** The space's first page, relative to the root. */
    readonly readme: string;
    /** The table of contents, relative to the root. */
    readonly summary: string;
  };
  /** Old URL path → page file relative to the root, in file order. */
  readonly redirects: Readonly<Record<string, string>>;
}

export const DEFAULT_GITBOOK_CONFIG: GitbookConfig = {
  root: '',
  structure: { readme: 'README.md', summary: 'SUMMARY.md' },
  redirects: {},
};

/** Result of {@link parseGitbookConfig}. */
export interface ParsedGitbookConfig {
  readonly config: GitbookConfig;
  /** What was ignored and why, as `file:line: message`. */
  readonly warnings: readonly string[];
  /** Line of `root:`, for error messages about a root that does not exist. */
  readonly rootLine: number | undefined;
  /** Line of each kept redirect, by its (trimmed) old path. */
  readonly redirectLines: Readonly<Record<string, number>>;
}

/**
 * Reads `.gitbook.yaml` liberally: invisible characters, CRLF, trailing spaces and tab indents are
 * tolerated; a file YAML cannot parse gives one warning and the defaults; a bad field gives a warning
 * and that field's default. `file` names the file in warnings.
 */
export function parseGitbookConfig(text: string, file = '.gitbook.yaml'): ParsedGitbookConfig {
  const lineCounter = new LineCounter();
  const cleaned = cleanText(text).replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length));
  const doc = parseDocument(cleaned, { lineCounter, uniqueKeys: false });
  const firstError = doc.errors[0];
  if (firstError !== undefined) {
    const { line, reason } = yamlErrorSummary(firstError);
    const where = line === undefined ? file : `${file}:${line}`;
    const warning = `${where}: not valid YAML (${reason}); using defaults`;
    return { config: DEFAULT_GITBOOK_CONFIG, warnings: [warning], rootLine: undefined, redirectLines: {} };
  }

  const warnings: string[] = [];
  const undecodable = text.indexOf('\uFFFD');
  if (undecodable >= 0) {
    // The reader turned each byte that is not UTF-8 into U+FFFD, as it does for SUMMARY.md: paths and redirects on that line are not what the author wrote.
    warnings.push(
      `${file}:${text.slice(0, undecodable).split('\n').length}: not UTF-8 (an unreadable byte became "\uFFFD"); paths may be garbled: save the file as UTF-8`,
    );
  }
  const lineOf = (keys: readonly string[]): number | undefined => {
    const node: unknown = doc.getIn(keys, true);
    const start = isNode(node) ? node.range?.[0] : undefined;
    return start === undefined ? undefined : lineCounter.linePos(start).line;
  };
  const warn = (keys: readonly string[], message: string): void => {
    const line = lineOf(keys);
    warnings.push(`${line === undefined ? file : `${file}:${line}`}: ${message}`);
  };
  const read = yamlData(doc, lineCounter);
  if ('aliasLimit' in read) {
    const { line, message } = read.aliasLimit;
    return {
      config: DEFAULT_GITBOOK_CONFIG,
      warnings: [`${line === undefined ? file : `${file}:${line}`}: ${message}; using defaults`],
      rootLine: undefined,
      redirectLines: {},
    };
  }
  const { data } = read;
  if (data === null || data === undefined) {
    return { config: DEFAULT_GITBOOK_CONFIG, warnings, rootLine: undefined, redirectLines: {} };
  }
  if (!isRecord(data)) {
    warnings.push(`${file}:1: expected a mapping of root, structure and redirects; using defaults`);
    return { config: DEFAULT_GITBOOK_CONFIG, warnings, rootLine: undefined, redirectLines: {} };
  }

  const pathField = (keys: readonly string[], value: unknown, fallback: string): string => {
    if (value === undefined || value === null) return fallback;
    const normal = typeof value === 'string' ? normalizeDocPath(value) : undefined;
    if (normal === undefined) {
      warn(keys, `${keys.join('.')} must be a path inside the repository; using "${fallback || './'}"`);
      return fallback;
    }
    return normal;
  };

  // GitBook ignores what it does not know; a misspelt key would silently fall back to a default.
  const unknown = (keys: readonly string[], known: readonly string[]): void => {
    const key = keys.at(-1) ?? '';
    const near = closestName(key, known);
    const parent: unknown = keys.length === 1 ? doc.contents : doc.getIn(keys.slice(0, -1), true);
    const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && item.key.value === key) : undefined;
    const start = isNode(pair?.key) ? pair.key.range?.[0] : undefined;
    const line = start === undefined ? lineOf(keys) : lineCounter.linePos(start).line;
    warnings.push(
      `${line === undefined ? file : `${file}:${line}`}: unknown key "${keys.join('.')}"${near === undefined ? '' : ` (did you mean \`${near}\`?)`}; GitBook reads ${known.join(', ')} here: ignored`,
    );
  };
  for (const key of Object.keys(data)) if (!TOP_KEYS.includes(key)) unknown([key], TOP_KEYS);

  const root = pathField(['root'], data.root, '');
  const structure = isRecord(data.structure) ? data.structure : {};
  for (const key of Object.keys(structure)) if (!STRUCTURE_KEYS.includes(key)) unknown(['structure', key], STRUCTURE_KEYS);
  if (data.structure !== undefined && data.structure !== null && !isRecord(data.structure)) {
    warn(['structure'], 'structure must be a mapping with readme and summary; using defaults');
  }
  const defaults = DEFAULT_GITBOOK_CONFIG.structure;
  const readme = pathField(['structure', 'readme'], structure.readme, defaults.readme) || defaults.readme;
  const summary = pathField(['structure', 'summary'], structure.summary, defaults.summary) || defaults.summary;

  const redirects: Record<string, string> = {};
  const redirectLines: Record<string, number> = {};
  if (isRecord(data.redirects)) {
    for (const [from, to] of Object.entries(data.redirects)) {
      const target = typeof to === 'string' ? normalizeDocPath(to) : undefined;
      if (target === undefined || target === '') {
        warn(['redirects', from], `redirect "${from}" needs a page path inside the docs root; skipped`);
      } else {
        redirects[from.trim()] = target;
        const line = lineOf(['redirects', from]);
        if (line !== undefined) redirectLines[from.trim()] = line;
      }
    }
  } else if (data.redirects !== undefined && data.redirects !== null) {
    warn(['redirects'], 'redirects must be a mapping of old path: page file; ignored');
  }

  return {
    config: { root, structure: { readme, summary }, redirects },
    warnings,
    rootLine: lineOf(['root']),
    redirectLines,
  };
}

/** `.gitbook.yaml` text for `config`, deterministic (same config, same bytes). */
export function formatGitbookConfig(config: GitbookConfig): string {
  const out: Record<string, unknown> = {
    root: config.root === '' ? './' : `./${config.root}/`,
    structure: { readme: config.structure.readme, summary: config.structure.summary },
  };
  if (Object.keys(config.redirects).length > 0) out.redirects = config.redirects;
  return stringify(out, { lineWidth: 0 });
}

const TOP_KEYS: readonly string[] = ['root', 'structure', 'redirects'];
const STRUCTURE_KEYS: readonly string[] = ['readme', 'summary'];
