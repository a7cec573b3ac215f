import { Command } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../logging/logger.js';
import type { Download } from '../../http/url-downloader.js';
import { EXIT } from '../../failure/exit-codes.js';

export interface PullFlags {
  /** Configuration file; default ./docsync.yaml when it exists (pull works without one). */
  config?: string;
  force?: boolean;
  anyPath?: boolean;
  json?: boolean;
}

/** Where a pull writes and what it reads; tests pass their own. */
export interface PullIo {
  readonly stdout?: (text: string) => void;
  readonly stderr?: (text: string) => void;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  /** Replaces the downloader of the space's files. */
  readonly download?: Download;
}

const DEFAULT_CONFIG = 'docsync.yaml';

/** `docsync pull <space> <dir>`: the space as a GitBook-format folder, recorded as synced. Returns the exit code. */
export async function pullAction(spaceId: string, dir: string, flags: PullFlags, io: PullIo = {}): Promise<number> {
  const [
    { loadConfig },
    { DEFAULT_IMPORT_MAX_BYTES },
    { openApiClient },
    { refuseWithoutToken },
    { openStateStore },
    { createLogger },
    { pullSpace },
    { PullTargetError },
    { findPullTarget, pulledState },
    { pullRecordOf },
    { stateKey },
    { targetName },
    { UrlDownloader },
    { pullConfigHint },
    { pullDownloads },
    { pullRecordFinder },
  ] = await Promise.all([
    import('../../config/load-config.js'),
    import('../../config/config-schema.js'),
    import('../../runtime/open-api-client.js'),
    import('../../runtime/refuse-without-token.js'),
    import('../../runtime/open-state-store.js'),
    import('../../logging/logger.js'),
    import('../../sync/pull/pull-space.js'),
    import('../../sync/pull/pull-target-error.js'),
    import('../../sync/pull/pull-state.js'),
    import('../../sync/pull/pull-record.js'),
    import('../../sync/sync-space.js'),
    import('../../sync/init/render-config.js'),
    import('../../http/url-downloader.js'),
    import('../pull-config-hint.js'),
    import('../../sync/pull/pull-download-policy.js'),
    import('../../sync/pull/pull-record-finder.js'),
  ]);
  const out = io.stdout ?? ((text: string) => process.stdout.write(text));
  const err = io.stderr ?? ((text: string) => process.stderr.write(text));
  const env = io.env ?? process.env;
  const logger = io.logger ?? createLogger();
  const configPath = flags.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : undefined);
  const loaded = configPath === undefined ? undefined : await loadConfig(configPath, env);
  const api = openApiClient(loaded?.config, { env, logger });
  await refuseWithoutToken(api, loaded?.file);
  const downloader = new UrlDownloader();
  const directory = path.resolve(dir);
  // What a target syncing this space delivered, by id: pages and files go back to their git paths.
  const syncing = loaded && (findPullTarget(loaded, spaceId, directory) ?? loaded.config.spaces.find((t) => t.spaceId === spaceId));
  const maxFileBytes = syncing ? syncing.import.maxBytes : DEFAULT_IMPORT_MAX_BYTES;
  let known: ReturnType<typeof pullRecordOf>;
  if (loaded && syncing) {
    const opened = await openStateStore(loaded.config, loaded.baseDir, logger, { defaultBackend: 'file' });
    try {
      known = pullRecordOf(await opened.state.get(stateKey(syncing.name)));
    } finally {
      await opened.close();
    }
  }
  // Without that state (a runner without .docsync/): rebuilt from the commit docsync's change request records.
  const recordFor =
    loaded && syncing && known === undefined ? pullRecordFinder(api, { ...syncing, directory: path.resolve(loaded.baseDir, syncing.directory) }) : undefined;
  let result: Awaited<ReturnType<typeof pullSpace>>;
  try {
    result = await pullSpace(
      { api, logger, download: pullDownloads(api.baseUrl, io.download ?? downloader.download, maxFileBytes) },
      { spaceId, directory, force: flags.force ?? false, anyPath: flags.anyPath ?? false, known, recordFor },
    );
  } catch (error) {
    if (!(error instanceof PullTargetError)) throw error;
    err(`docsync pull: ${error.message}\n`);
    return EXIT.config;
  } finally {
    await api.close();
    await downloader.close();
  }

  const target = loaded ? findPullTarget(loaded, spaceId, directory) : undefined;
  if (loaded && target) {
    const opened = await openStateStore(loaded.config, loaded.baseDir, logger, { defaultBackend: 'file' });
    try {
      await opened.state.set(stateKey(target.name), pulledState(result.snapshot.contentHash, new Date()));
    } finally {
      await opened.close();
    }
  }

  if (flags.json === true) {
    const { snapshot, ...rest } = result;
    out(`${JSON.stringify({ spaceId, ...rest, contentHash: snapshot.contentHash, target: target?.name ?? null }, null, 2)}\n`);
    return EXIT.ok;
  }
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [
    `Pulled space ${spaceId} into ${directory}: ${plural(result.pages, 'page')}, ${plural(result.groups, 'group')}, ${plural(result.assets, 'asset')} (content ${result.snapshot.contentHash.slice(0, 12)})`,
  ];
  // Warnings quote page titles and file names the server sent.
  const { serverText } = await import('../../logging/sanitize-output.js');
  for (const warning of result.warnings) lines.push(`warning: ${serverText(warning)}`);
  if (target) {
    lines.push(`Recorded as synced for target "${target.name}": the next \`docsync sync --once\` skips it until a file changes.`);
    if (target.source !== 'worktree')
      lines.push(`Target "${target.name}" reads ${target.source}: commit the pulled files first, or the next sync sees a difference.`);
  } else {
    lines.push(...pullConfigHint(loaded, spaceId, directory, targetName(path.basename(directory))));
  }
  out(`${lines.join('\n')}\n`);
  return EXIT.ok;
}

export function pullCommand(): Command {
  return new Command('pull')
    .description("write a space's content as a GitBook-format folder (SUMMARY.md, pages, assets); syncing it back is a no-op")
    .argument('<space>', 'id of the space to pull')
    .argument('<dir>', 'folder to write (new or empty, unless --force)')
    .option('-c, --config <file>', 'configuration file (default ./docsync.yaml when present): API endpoint, token, state')
    .option('--force', 'write into a non-empty folder, overwriting files of the same name (never through a symbolic link)')
    .option(
      '--any-path',
      'keep synced paths outside the docs layout (dot-folders such as .github/, docsync.yaml); by default they are written where docsync places them, with a warning',
    )
    .option('--json', 'print the result as JSON on stdout')
    .action(async (space: string, dir: string, flags: PullFlags) => {
      process.exitCode = await pullAction(space, dir, flags);
    });
}
