import { Command, InvalidArgumentError } from 'commander';
import { ListenAddress } from '../../config/http-config-schema.js';
import { exitCodeFor } from '../../failure/exit-codes.js';
import { waitForSignal } from '../wait-for-signal.js';

/** How long a role Redis refused may take to close before it exits anyway. */
const STOP_REFUSED_MS = 5_000;

interface DaemonCliOptions {
  config: string;
  http?: string;
}

/** `docsync daemon | watch | worker`: the long-lived roles. Each stops cleanly on SIGTERM/SIGINT. */
export function daemonCommands(): Command[] {
  const roles = [
    ['daemon', 'watch, work, schedule the reconcile loop and serve /healthz, /readyz, /metrics and the dashboard'],
    ['watch', 'watch the targets and enqueue jobs (producer only; run workers elsewhere)'],
    ['worker', 'run queued jobs (consumer only; run as many as you like, anywhere Redis and the API are reachable)'],
  ] as const;
  return roles.map(([role, description]) =>
    new Command(role)
      .description(description)
      .option('-c, --config <file>', 'configuration file', 'docsync.yaml')
      .option('--http <host:port>', 'serve the operators’ endpoint here (default: http.listen for daemon, none otherwise)', listenAddress)
      .action(async (options: DaemonCliOptions) => {
        const { loadConfig } = await import('../../config/load-config.js');
        const { startDaemon } = await import('../../daemon/start-daemon.js');
        const { processorRegistry } = await import('../../../workers/processor-registry.js');
        const { createLogger } = await import('../../logging/logger.js');
        const logger = createLogger();
        const loaded = await loadConfig(options.config);
        // Listening from the start: a SIGTERM while the role starts (or waits for Redis) stops it too.
        const stopping = waitForSignal();
        const daemon = await startDaemon(loaded, { role, logger, httpListen: options.http, processors: processorRegistry });
        // Redis refusing the password is not an outage to wait out: the role stops with that error.
        const ended = await Promise.race([stopping, daemon.refused]);
        if (typeof ended !== 'string') {
          // Connections that never authenticated can hold a close; the exit comes regardless.
          setTimeout(() => process.exit(exitCodeFor(ended)), STOP_REFUSED_MS).unref();
          await daemon.stop();
          throw ended;
        }
        logger.info({ signal: ended }, 'stopping: draining active jobs');
        // Whatever still holds the process (a connection retrying, a job ignoring its signal) ends
        // with it at shutdownGrace; unref'd, so a clean stop exits earlier. A second signal ends it at once.
        const graceMs = loaded.config.daemon.shutdownGrace;
        setTimeout(() => {
          logger.warn({ graceMs }, 'still running when daemon.shutdownGrace ran out; exiting');
          process.exit(0);
        }, graceMs).unref();
        await daemon.stop();
        logger.info({}, 'stopped');
      }),
  );
}

/** `--http` checked as `http.listen` is: a bad address stops the command line (exit 2), not the server's start. */
function listenAddress(value: string): string {
  const parsed = ListenAddress.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]?.message ?? 'use `host:port`');
  return parsed.data;
}
