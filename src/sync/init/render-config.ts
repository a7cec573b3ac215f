import path from 'node:path';
import { OPENAPI_SLUG_PATTERN } from '../../config/openapi-slug-pattern.js';
import { PLACEHOLDER_PREFIX } from '../../config/find-placeholders.js';
import type { DetectedProject } from './detect-project.js';

/** Placeholders the user must replace; `docsync init` names them in its next steps. */
export const SPACE_ID_PLACEHOLDER = `${PLACEHOLDER_PREFIX}SPACE_ID`;
export const ORGANIZATION_ID_PLACEHOLDER = `${PLACEHOLDER_PREFIX}ORGANIZATION_ID`;

/** Where editors find the schema when docsync is installed in the project. */
export const DEFAULT_SCHEMA_REF = './node_modules/docsync/config/docsync.schema.json';

export interface RenderConfigOptions {
  /** `$schema` for the yaml-language-server line. Default {@link DEFAULT_SCHEMA_REF}. */
  readonly schema?: string;
}

export interface RenderedConfig {
  readonly text: string;
  readonly spaces: readonly { name: string; directory: string }[];
  readonly specs: readonly { slug: string; file: string; version: string }[];
}

const TARGET_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const PLAIN = /^[A-Za-z0-9._/-]+$/;

/**
 * A starter docsync.yaml for what {@link detectProject} found, commented like
 * config/docsync.example.yaml: one space per docs folder, one spec per OpenAPI file, the token from
 * `${GITBOOK_TOKEN}`. Names and slugs are made valid and unique; ids are placeholders.
 */
export function renderConfig(project: DetectedProject, options: RenderConfigOptions = {}): RenderedConfig {
  const names = new Set<string>();
  const spaces = project.docs.map((docs) => ({
    name: unique(targetName(docs.directory === '' ? path.basename(project.dir) : path.posix.basename(docs.directory)), names),
    directory: relativeRef(docs.directory),
    note: docs.gitbookYaml ? `.gitbook.yaml found${docs.root === docs.directory ? '' : ` (root: ${relativeRef(docs.root)})`}` : 'SUMMARY.md found',
  }));
  const slugs = new Set<string>();
  const specs = project.specs.map((spec) => ({
    slug: unique(specSlug(spec.file), slugs, 100),
    file: relativeRef(spec.file),
    version: spec.version,
  }));
  const source = project.git ? 'HEAD' : 'worktree';

  const lines = [
    '# docsync.yaml — written by `docsync init`. Replace the REPLACE_WITH_… ids, then run `docsync sync --once --dry-run`.',
    "# Editors: point your YAML plugin at docsync's JSON Schema for completion:",
    `# yaml-language-server: $schema=${options.schema ?? DEFAULT_SCHEMA_REF}`,
    '',
    'api:',
    '  # The API host. Defaults to DOCSYNC_ENDPOINT, then GITBOOK_ENDPOINT, then https://api.gitbook.com.',
    '  # endpoint: https://api.gitbook.com',
    '  # Never write the token here: interpolate it from the environment.',
    '  token: ${GITBOOK_TOKEN}',
    '  timeout: 30s',
    '',
    'state:',
    '  # Default: a JSON file for one-shot commands, Redis for the daemon. Set `backend: redis` to share it.',
    '  path: .docsync/state.json',
    '',
  ];
  if (spaces.length === 0) {
    lines.push(
      '# No docs folder found (.gitbook.yaml or SUMMARY.md). Add one like this:',
      'spaces: []',
      '#  - name: product-docs',
      '#    directory: ./docs',
      `#    spaceId: ${SPACE_ID_PLACEHOLDER}`,
    );
  } else {
    lines.push('spaces:');
    for (const space of spaces) {
      lines.push(
        `  - name: ${scalar(space.name)}  # stable: keys the state and marks docsync's change requests`,
        `    directory: ${scalar(space.directory)}  # ${space.note}`,
        `    spaceId: ${SPACE_ID_PLACEHOLDER}`,
        `    source: ${source}  # worktree (files on disk) | HEAD | any git ref (refs/heads/main, v2.1.0)`,
        '    mode: change-request  # or `direct` to import straight into the space',
        '    changeRequest:',
        `      subject: ${scalar(project.git ? 'docs: {commit.subject}' : '{target}: update docs')}`,
        '      reviewers: []  # user ids',
        '      autoMerge: false',
      );
    }
  }
  lines.push('');
  if (specs.length === 0) {
    lines.push(
      '# No OpenAPI file found. Publish one like this:',
      'specs: []',
      '#  - slug: petstore',
      `#    organizationId: ${ORGANIZATION_ID_PLACEHOLDER}`,
      '#    file: ./openapi.yaml',
    );
  } else {
    lines.push('specs:');
    for (const spec of specs) {
      lines.push(
        `  - slug: ${scalar(spec.slug)}  # stable: keys the state; lowercase words joined by "-"`,
        `    organizationId: ${ORGANIZATION_ID_PLACEHOLDER}`,
        `    file: ${scalar(spec.file)}  # ${spec.version.startsWith('3') ? 'OpenAPI' : 'Swagger'} ${spec.version}`,
      );
    }
  }
  return {
    text: `${lines.join('\n')}\n`,
    spaces: spaces.map(({ name, directory }) => ({ name, directory })),
    specs,
  };
}

/** A target name from a folder name: lowercase, invalid characters as "-", at most 63 characters. */
export function targetName(folder: string): string {
  const name = folder
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return TARGET_NAME.test(name) ? name : 'docs';
}

/** A spec slug from a file name (`Pet Store.v2.yaml` → `pet-store-v2`), valid for the API. */
export function specSlug(file: string): string {
  const stem = path.posix.basename(file).replace(/\.[^.]+$/, '');
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 100)
    .replace(/^-+|-+$/g, '');
  return OPENAPI_SLUG_PATTERN.test(slug) ? slug : 'api';
}

/** `base`, or `base-2`, `base-3`… when taken; kept within `max` characters. */
function unique(base: string, taken: Set<string>, max = 63): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base.slice(0, max - String(n).length - 1)}-${n}`;
  taken.add(candidate);
  return candidate;
}

/** `./docs`, or `.` for the folder itself: relative to the config file, as the schema expects. */
function relativeRef(relative: string): string {
  return relative === '' ? '.' : `./${relative}`;
}

/** Plain YAML when safe, else a JSON string (which YAML reads as a double-quoted scalar). */
function scalar(value: string): string {
  return PLAIN.test(value) && !/^[.-]+$/.test(value) ? value : JSON.stringify(value);
}
