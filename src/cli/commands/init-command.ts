import { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXIT } from '../../failure/exit-codes.js';
import { ignoreStateFolder } from '../ignore-state-folder.js';

export interface InitFlags {
  /** Folder to scan and write docsync.yaml into. Default: the current directory. */
  dir?: string;
  force?: boolean;
}

/** Where an init writes its messages; tests pass their own. */
export interface InitIo {
  readonly stdout?: (text: string) => void;
  readonly stderr?: (text: string) => void;
}

const CONFIG_FILE = 'docsync.yaml';

/**
 * `docsync init`: scan the repo, write a starter docsync.yaml, add `.docsync/` to `.gitignore`, say
 * what was found. Returns the exit code.
 */
export async function initAction(flags: InitFlags, io: InitIo = {}): Promise<number> {
  const out = io.stdout ?? ((text: string) => process.stdout.write(text));
  const err = io.stderr ?? ((text: string) => process.stderr.write(text));
  const dir = path.resolve(flags.dir ?? '.');
  const file = path.join(dir, CONFIG_FILE);
  if (!existsSync(dir)) {
    err(`docsync init: --dir ${dir} does not exist\n`);
    return EXIT.config;
  }
  if (!statSync(dir).isDirectory()) {
    err(`docsync init: --dir ${dir} is not a folder; name the folder to write docsync.yaml into\n`);
    return EXIT.config;
  }
  if (existsSync(file) && flags.force !== true) {
    err(`docsync init: ${file} already exists; edit it, or pass --force to overwrite it\n`);
    return EXIT.config;
  }
  const { linksLeaving } = await import('../links-leaving.js');
  const leaving = linksLeaving(dir, [CONFIG_FILE, '.gitignore']);
  if (leaving.length > 0) {
    err(
      `docsync init: ${leaving.join(' and ')} ${leaving.length === 1 ? 'is a symbolic link' : 'are symbolic links'} leading out of the repository; init never writes through one. Remove the link, or run init where the files are\n`,
    );
    return EXIT.config;
  }
  const [{ detectProject }, { renderConfig, DEFAULT_SCHEMA_REF }, { packageRoot }] = await Promise.all([
    import('../../sync/init/detect-project.js'),
    import('../../sync/init/render-config.js'),
    import('../../config/package-version.js'),
  ]);
  const project = await detectProject(dir);
  // The packaged schema, relative when docsync is installed in the project; else where a local install puts it.
  const schemaFile = path.relative(dir, path.join(packageRoot(), 'config', 'docsync.schema.json'));
  const schema = schemaFile.startsWith('..') || path.isAbsolute(schemaFile) ? DEFAULT_SCHEMA_REF : `./${schemaFile.split(path.sep).join('/')}`;
  const rendered = renderConfig(project, { schema });
  await writeFile(file, rendered.text);
  const ignored = await ignoreStateFolder(dir);

  const lines = [`Wrote ${file}`];
  if (ignored !== 'present')
    lines.push(`${ignored === 'created' ? 'Created' : 'Updated'} ${path.join(dir, '.gitignore')}: .docsync/ (state and caches) is not committed`);
  lines.push('');
  lines.push(
    project.git ? 'Git repository: yes (spaces sync committed content: source HEAD)' : 'Git repository: no (spaces sync the files on disk: source worktree)',
  );
  lines.push(`Docs folders:${rendered.spaces.length === 0 ? ' none found' : ''}`);
  for (const space of rendered.spaces) lines.push(`  ${space.directory}  → space "${space.name}"`);
  lines.push(`OpenAPI files:${rendered.specs.length === 0 ? ' none found' : ''}`);
  for (const spec of rendered.specs) lines.push(`  ${spec.file} (${spec.version})  → spec "${spec.slug}"`);
  for (const warning of project.warnings) lines.push(`warning: ${warning}`);
  const steps: string[] = [];
  if (rendered.spaces.length > 0) steps.push("Replace REPLACE_WITH_SPACE_ID with each space's id (`docsync pull <space> <dir>` fetches an existing space).");
  if (rendered.specs.length > 0) steps.push("Replace REPLACE_WITH_ORGANIZATION_ID with your organization's id.");
  steps.push('export GITBOOK_TOKEN=… (never write the token into the file).', 'docsync sync --once --dry-run   # see the plan, then run it without --dry-run');
  lines.push('', 'Next steps:', ...steps.map((step, i) => `  ${i + 1}. ${step}`));
  out(`${lines.join('\n')}\n`);
  return EXIT.ok;
}

export function initCommand(): Command {
  return new Command('init')
    .description('write a starter docsync.yaml for this repo (detects .gitbook.yaml, docs folders, OpenAPI files) and add .docsync/ to .gitignore')
    .option('--dir <path>', 'folder to scan and write docsync.yaml into', '.')
    .option('--force', 'overwrite an existing docsync.yaml')
    .action(async (flags: InitFlags) => {
      process.exitCode = await initAction(flags);
    });
}
