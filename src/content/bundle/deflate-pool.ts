import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DeflatedEntry } from '../cache/deflated-entry-cache.js';
import { DeflateWorkerError } from '../errors/deflate-worker-error.js';

/** Deflates batches of files off the caller's event loop. */
export interface Deflater {
  /** Raw-deflates each buffer at `level` with fflate (the same bytes as `zipSync`), with its CRC-32. */
  deflate(files: readonly Uint8Array[], level: number): Promise<DeflatedEntry[]>;
  close(): Promise<void>;
}

// The worker runs plain CommonJS, so it loads the same way from the sources (tests) and from dist/.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { crc32 } = require('node:zlib');
const { deflateSync } = require(workerData.fflate);
parentPort.on('message', ({ id, files, level }) => {
  try {
    const results = files.map((bytes) => ({ crc: crc32(bytes), size: bytes.length, data: deflateSync(bytes, { level }) }));
    parentPort.postMessage({ id, results });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});`;

interface Pending {
  resolve(results: DeflatedEntry[]): void;
  reject(error: Error): void;
}

interface PoolWorker {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

interface WorkerReply {
  id: number;
  results?: DeflatedEntry[];
  error?: string;
}

/**
 * A few worker threads running fflate's `deflateSync`: a 10,000-file bundle deflates in parallel with
 * the reads, and the event loop never holds a long deflate. Workers start on first use and are unref'd,
 * so an idle pool never keeps a process alive.
 */
export class DeflatePool implements Deflater {
  private readonly workers: PoolWorker[] = [];
  private nextId = 0;
  private readonly fflate = createRequire(import.meta.url).resolve('fflate');

  /** @param threads Worker threads. Default: one less than the CPUs, at least 1, at most 4. */
  constructor(readonly threads = Math.min(4, Math.max(1, availableParallelism() - 1))) {}

  deflate(files: readonly Uint8Array[], level: number): Promise<DeflatedEntry[]> {
    const target = this.pick();
    const id = this.nextId++;
    return new Promise<DeflatedEntry[]>((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.ref();
      target.worker.postMessage({ id, files, level });
    });
  }

  async close(): Promise<void> {
    const closing = this.workers.splice(0);
    await Promise.all(closing.map(({ worker }) => worker.terminate()));
  }

  /** The least busy worker, starting one while there are fewer than `threads`. */
  private pick(): PoolWorker {
    const idle = this.workers.find((w) => w.pending.size === 0);
    if (idle !== undefined) return idle;
    if (this.workers.length < this.threads) return this.spawn();
    return this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private spawn(): PoolWorker {
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { fflate: this.fflate } });
    worker.unref();
    const entry: PoolWorker = { worker, pending: new Map() };
    const fail = (error: Error): void => {
      const at = this.workers.indexOf(entry);
      if (at >= 0) this.workers.splice(at, 1);
      for (const pending of entry.pending.values()) pending.reject(error);
      entry.pending.clear();
    };
    worker.on('message', (reply: WorkerReply) => {
      const pending = entry.pending.get(reply.id);
      if (pending === undefined) return;
      entry.pending.delete(reply.id);
      if (entry.pending.size === 0) worker.unref();
      if (reply.results !== undefined) pending.resolve(reply.results);
      else pending.reject(new DeflateWorkerError(reply.error ?? 'no result'));
    });
    worker.on('error', (error) => fail(new DeflateWorkerError(error.message, error)));
    worker.on('exit', (code) => fail(new DeflateWorkerError(`the worker exited with code ${code}`)));
    this.workers.push(entry);
    return entry;
  }
}
