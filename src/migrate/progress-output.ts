import cliProgress from 'cli-progress';
import type { MigrationReport } from './migration-report.js';
import type { MigrationEvent, MigrationProgress } from './run-migration.js';

/** Where progress goes while a run goes on. */
export interface ProgressOutput {
  event(event: MigrationEvent): void;
  /** The last word: closes the bar, or writes the `end` line. */
  end(report: MigrationReport): void;
}

/** Something to write lines to: a stream, or a test's collector. */
export interface LineStream {
  write(text: string): unknown;
}

/** A bar in a terminal, JSON lines anywhere else (pipes, CI logs, files). */
export function progressOutput(stream: NodeJS.WriteStream | LineStream, isTTY: boolean): ProgressOutput {
  return isTTY ? new BarOutput(stream as NodeJS.WriteStream) : new JsonLinesOutput(stream);
}

/**
 * One JSON object per line: `start`, one `item` per settled item (with counts, rate and ETA), `end`
 * with the totals. Machine-readable progress for CI and log shippers.
 */
export class JsonLinesOutput implements ProgressOutput {
  constructor(private readonly stream: LineStream) {}

  event(event: MigrationEvent): void {
    if (event.type === 'start') {
      this.#line({ event: 'start', runId: event.runId, total: event.total, skipped: event.skipped });
      return;
    }
    const { result, progress } = event;
    this.#line({
      event: 'item',
      id: result.id,
      space: result.space,
      status: result.status,
      skipped: event.skipped,
      ...(result.outcome ? { outcome: result.outcome } : {}),
      ...(result.changeRequest ? { changeRequest: result.changeRequest.number } : {}),
      ...(result.verification ? { pages: result.verification.actual.pages, verified: result.verification.ok } : {}),
      ...(result.error ? { error: result.error.message } : {}),
      apiCalls: result.apiCalls,
      durationMs: Math.round(result.durationMs),
      ...counts(progress),
    });
  }

  end(report: MigrationReport): void {
    this.#line({
      event: 'end',
      runId: report.runId,
      interrupted: report.interrupted,
      durationMs: report.durationMs,
      ...report.totals,
      ...(report.api ? { api: report.api } : {}),
    });
  }

  #line(value: Record<string, unknown>): void {
    this.stream.write(`${JSON.stringify(value)}\n`);
  }
}

function counts(progress: MigrationProgress): Record<string, unknown> {
  return {
    done: progress.done + progress.skipped,
    failed: progress.failed,
    total: progress.total,
    itemsPerSecond: Math.round(progress.itemsPerSecond * 100) / 100,
    apiPerSecond: progress.apiPerSecond,
    ...(progress.etaSeconds === undefined ? {} : { etaSeconds: Math.round(progress.etaSeconds) }),
  };
}

/**
 * A cli-progress bar: items settled of total, done, failed, items/s, API requests/s, in flight, ETA.
 * The bar owns the terminal's last line: anything else printed meanwhile goes through {@link log},
 * which writes it above the bar, never across it.
 */
export class BarOutput implements ProgressOutput {
  // A MultiBar of one: unlike SingleBar it can print lines above itself, and it does not restore
  // the cursor to where the bar started (which let the report overwrite what was printed since).
  readonly #bars: cliProgress.MultiBar;
  #bar: cliProgress.SingleBar | undefined;

  constructor(stream: NodeJS.WriteStream) {
    this.#bars = new cliProgress.MultiBar(
      {
        stream,
        format: 'migrate {bar} {value}/{total} | {done} done, {failed} failed | {ips} items/s, {aps} API/s, {inflight} in flight | ETA {eta_text}',
        hideCursor: true,
        etaBuffer: 50,
        fps: 5,
        // The bar is drawn again after lines printed above it, even when its text did not change.
        forceRedraw: true,
      },
      cliProgress.Presets.shades_classic,
    );
  }

  event(event: MigrationEvent): void {
    const { progress } = event;
    const payload = {
      done: progress.done + progress.skipped,
      failed: progress.failed,
      ips: progress.itemsPerSecond.toFixed(1),
      aps: progress.apiPerSecond.toFixed(0),
      inflight: progress.inFlight,
      eta_text: progress.etaSeconds === undefined ? '…' : formatSeconds(progress.etaSeconds),
    };
    const value = progress.done + progress.failed + progress.skipped;
    if (this.#bar === undefined) this.#bar = this.#bars.create(progress.total, value, payload);
    else this.#bar.update(value, payload);
  }

  /** Prints `text` (whole lines, ending in a newline) above the bar at its next redraw. */
  log(text: string): void {
    this.#bars.log(text.endsWith('\n') ? text : `${text}\n`);
  }

  end(): void {
    if (this.#bar === undefined) return;
    // Lines logged since the last redraw are printed before the bar's final state.
    this.#bars.update();
    this.#bars.stop();
  }
}

function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
