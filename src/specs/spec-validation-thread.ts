import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ReadScope } from '../config/read-scope.js';
import { SpecThreadError } from './errors/spec-thread-error.js';
import { SpecValidationError } from './errors/spec-validation-error.js';
import type { LoadedSpec } from './load-spec.js';

/** What the main thread asks of the worker. */
export interface SpecThreadRequest {
  readonly id: number;
  readonly file: string;
  /** The read scope's roots (a class does not cross threads). */
  readonly roots: readonly string[];
}

/** The worker's answer: the loaded spec, or why not. */
export interface SpecThreadReply {
  readonly id: number;
  readonly spec?: LoadedSpec;
  readonly error?: {
    readonly invalid?: { readonly detail: string; readonly file: string; readonly line: number | undefined; readonly pointer: string | undefined };
    readonly message?: string;
  };
}

interface Pending {
  resolve(spec: LoadedSpec): void;
  reject(error: Error): void;
}

const WORKER = 'spec-validation-worker.js';

/**
 * The compiled worker module: beside this file in dist/src/specs/, else the one in the package's
 * dist/ (the bundled CLI runs from dist/bin/, the tests from the sources).
 */
function workerModule(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  if (existsSync(join(here, WORKER))) return join(here, WORKER);
  for (let dir = here, up = 0; up < 4; dir = dirname(dir), up++) {
    const candidate = join(dir, 'dist', 'src', 'specs', WORKER);
    if (existsSync(candidate)) return candidate;
  }
  throw new SpecThreadError(
    `the spec validation thread needs the compiled ${WORKER}, found neither beside ${here} nor in a dist/ above it: run \`npm run build\``,
  );
}

/**
 * Loads specs ({@link loadSpec}) in a worker thread, so the daemon's event loop (health checks,
 * metrics, BullMQ's lock renewals, the watcher) never waits while a large document is parsed and
 * validated. One thread, started on first use and unref'd while idle; its errors come back as the
 * same {@link SpecValidationError}s.
 */
export class SpecValidationThread {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  load = (file: string, scope?: ReadScope): Promise<LoadedSpec> => {
    const root = resolve(file);
    const roots = (scope ?? ReadScope.of(dirname(root))).roots;
    const worker = this.#start();
    const id = this.#nextId++;
    return new Promise<LoadedSpec>((resolvePromise, reject) => {
      this.#pending.set(id, { resolve: resolvePromise, reject });
      worker.ref();
      worker.postMessage({ id, file: root, roots } satisfies SpecThreadRequest);
    });
  };

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #start(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = new Worker(workerModule());
    worker.unref();
    const fail = (error: Error): void => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('message', (reply: SpecThreadReply) => {
      const pending = this.#pending.get(reply.id);
      if (pending === undefined) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.spec !== undefined) pending.resolve(reply.spec);
      else pending.reject(fromReply(reply.error));
    });
    worker.on('error', (error) => fail(new SpecThreadError(`the spec validation thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => fail(new SpecThreadError(`the spec validation thread exited (code ${String(code)})`)));
    this.#worker = worker;
    return worker;
  }
}

function fromReply(error: SpecThreadReply['error']): Error {
  const invalid = error?.invalid;
  if (invalid !== undefined) return new SpecValidationError(invalid.detail, invalid.file, invalid.line, invalid.pointer);
  return new Error(error?.message ?? 'the spec validation thread gave no answer');
}
