import { Command } from 'commander';
import { waitForSignal } from '../wait-for-signal.js';

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
      .option('--http <host:port>', 'serve the operators’ endpoint here (default: http.listen for daemon, none otherwise)')
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
        const signal = await stopping;
        logger.info({ signal }, 'stopping: draining active jobs');
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
