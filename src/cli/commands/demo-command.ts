import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { CONTRACT_NAMES, type ContractName } from '../../api/contracts/api-contract.js';
import { packageRoot } from '../../config/package-version.js';
import { EXIT } from '../../failure/exit-codes.js';

/**
 * `docsync demo`: the main job on an embedded default. Starts the built-in emulator (today's API
 * unless `--contract seed`), syncs the bundled example docs into a change request, merges it, shows
 * what arrived, then syncs again to show that an unchanged tree costs zero writes. No account, no
 * Redis, no configuration.
 */
export function demoCommand(): Command {
  return new Command('demo')
    .description('sync the bundled example docs into the built-in emulator (no account or Redis needed)')
    .option('--no-merge', 'leave the change request open instead of merging it')
    .option('--docs <dir>', 'docs folder to sync instead of the bundled example')
    .addOption(
      new Option('--contract <name>', 'API version the emulator serves: current (0.202.0, content batches) or seed (0.130.0, zip import)')
        .choices(CONTRACT_NAMES)
        .default('current'),
    )
    .action(async (options: { merge: boolean; docs?: string; contract: ContractName }) => {
      const { startEmulator } = await import('../../emulator/start-emulator.js');
      const { runSyncOnce } = await import('../../runtime/run-sync-once.js');
      const { MemoryStateStore } = await import('../../state/memory-state-store.js');
      const { DocsyncConfigSchema } = await import('../../config/config-schema.js');
      const { createLogger } = await import('../../logging/logger.js');
      const { openApiClient } = await import('../../runtime/open-api-client.js');
      const { formatHuman } = await import('../sync-report.js');
      const { formatPageTree } = await import('../format-page-tree.js');

      const emulator = await startEmulator({ contract: options.contract });
      const out = (line: string): void => void process.stdout.write(`${line}\n`);
      // The run's .docsync/ (caches, bundles) goes to a folder of its own, not into the installed package.
      const scratch = await mkdtemp(join(tmpdir(), 'docsync-demo-'));
      try {
        out(`Emulator of the API (contract: ${emulator.options.contract}) running at ${emulator.url}/v1 (token emulator-admin)`);
        const root = packageRoot();
        const docs = options.docs ?? join(root, 'examples', 'docs');
        const config = DocsyncConfigSchema.parse({
          api: { endpoint: emulator.url, token: 'emulator-admin' },
          spaces: [
            {
              name: 'example-docs',
              directory: docs,
              spaceId: 'space-docs',
              changeRequest: { subject: 'Sync {target} from docsync demo', autoMerge: options.merge },
            },
          ],
        });
        const loaded = { config, file: join(scratch, 'docsync.yaml'), baseDir: scratch };
        const state = new MemoryStateStore();
        const logger = createLogger({ level: process.env.DOCSYNC_LOG_LEVEL ?? 'warn' });

        out(`\n1. Sync ${docs} into space-docs as a change request`);
        const first = await runSyncOnce(loaded, { dryRun: false, logger, state });
        process.stdout.write(formatHuman(first, false));
        const cr = first.results[0]?.changeRequest;
        if (first.failures.length > 0 || !cr) {
          process.exitCode = first.failures[0]?.exitCode ?? EXIT.failed;
          return;
        }

        const api = openApiClient(config, { logger });
        const pages = await api.content.listPages({ spaceId: 'space-docs', ...(options.merge ? {} : { changeRequest: cr.id }) }).finally(() => api.close());
        const tree = formatPageTree(pages);
        const groups = tree.groups > 0 ? ` in ${tree.groups} group${tree.groups === 1 ? '' : 's'}` : '';
        out(`\n2. What the ${options.merge ? 'space' : `change request #${cr.number}`} now holds: ${tree.pages} pages${groups}`);
        for (const line of tree.lines) out(line);

        const writesBefore = emulator.stats().writes;
        out('\n3. Sync again with nothing changed');
        const second = await runSyncOnce(loaded, { dryRun: false, logger, state });
        process.stdout.write(formatHuman(second, false));
        out(`   write calls made by the second sync: ${emulator.stats().writes - writesBefore}`);
        out(`\nAPI calls in all: ${emulator.stats().total} (${emulator.stats().writes} writes). Next: README.md, "Configuration".`);
      } finally {
        await emulator.close();
        await rm(scratch, { recursive: true, force: true });
      }
    });
}
