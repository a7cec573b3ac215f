import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { CatFileParser, type CatFileRecord } from './cat-file-parser.js';
import { GitAbortedError } from '../errors/git-aborted-error.js';
import { GitError } from '../errors/git-error.js';
import { throwIfAborted } from '../throw-if-aborted.js';
import { gitEnv } from './run-git.js';

/** Milliseconds a reader with nothing to read keeps its git process. */
const IDLE_MS = 1_000;

/** A running `git cat-file --batch`, its output pulled record by record. */
interface BatchProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** The next object git answered; undefined once git has exited. */
  next(): Promise<CatFileRecord | undefined>;
  /** Why git stopped: its exit and what it printed on stderr. */
  ended(): string;
}

/**
 * Blobs of one repository through one `git cat-file --batch` process kept between reads: a sync
 * that sends 200 content batches reads each batch's documents without starting 200 processes.
 * Reads take turns; the one whose turn it is pulls git's output only as its caller consumes it, so
 * a large read keeps the pipe's back-pressure. A read that stops early or fails ends the process
 * (its unread answers would come before the next read's). The process ends after a second without
 * reads and, while it waits, does not keep Node running.
 */
export class BlobReader {
  #running: BatchProcess | undefined;
  #turn: Promise<void> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly directory: string,
    /** Ends the process when it aborts; reads then throw `GitAbortedError`. */
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** The objects `oids` name, in request order. Throws `GitError` for a missing object or a git that stops. */
  async *read(oids: readonly string[]): AsyncIterable<{ oid: string; bytes: Uint8Array }> {
    if (oids.length === 0) return;
    throwIfAborted(this.signal, 'cat-file --batch');
    const previous = this.#turn;
    let release = (): void => undefined;
    this.#turn = new Promise((resolve) => (release = resolve));
    let received = 0;
    let running: BatchProcess | undefined;
    try {
      await previous;
      clearTimeout(this.#idle);
      running = this.#running ?? this.#start();
      this.#running = running;
      holdNode(running.child, true);
      running.child.stdin.write(`${oids.join('\n')}\n`);
      while (received < oids.length) {
        const record = await running.next();
        throwIfAborted(this.signal, 'cat-file --batch'); // killed: the end of the output would blame git
        if (record === undefined)
          throw new GitError(`git cat-file --batch in ${this.directory} stopped after ${received} of ${oids.length} objects (${running.ended()})`);
        if (record.bytes === undefined) throw new GitError(`git object ${record.oid} is missing in ${this.directory}`);
        received += 1;
        yield { oid: record.oid, bytes: record.bytes };
      }
    } catch (error) {
      if (!(error instanceof GitAbortedError)) throwIfAborted(this.signal, 'cat-file --batch');
      throw error;
    } finally {
      if (running !== undefined) {
        if (received < oids.length) this.#end(running);
        else {
          const idle = running;
          holdNode(idle.child, false);
          this.#idle = setTimeout(() => this.#end(idle), IDLE_MS).unref();
        }
      }
      release();
    }
  }

  #end(running: BatchProcess): void {
    if (this.#running === running) this.#running = undefined;
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill();
  }

  #start(): BatchProcess {
    // With the signal, node kills the process on abort; the read waiting on it then sees the output end.
    const child = spawn('git', ['cat-file', '--batch'], {
      cwd: this.directory,
      env: gitEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(this.signal ? { signal: this.signal } : {}),
    });
    let stderr = '';
    let failure: Error | undefined;
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdin.on('error', () => undefined); // git exiting early shows as the output's end
    child.on('error', (error) => (failure = error)); // a git that cannot start, or the abort's kill
    const chunks = (child.stdout as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    const parser = new CatFileParser();
    const ready: CatFileRecord[] = [];
    const exited = once(child, 'close').catch(() => undefined);
    const running: BatchProcess = {
      child,
      async next() {
        while (ready.length === 0) {
          const chunk = await chunks.next();
          if (chunk.done === true) {
            await exited; // for its exit code in `ended()`
            return undefined;
          }
          ready.push(...parser.push(chunk.value));
        }
        return ready.shift();
      },
      ended: () => failure?.message ?? `exit ${String(child.exitCode ?? child.signalCode)}: ${stderr.trim()}`,
    };
    child.on('close', () => {
      if (this.#running === running) this.#running = undefined;
    });
    return running;
  }
}

/** Whether the idle process and its pipes keep Node's event loop alive: only while a read waits on them. */
function holdNode(child: ChildProcessWithoutNullStreams, hold: boolean): void {
  for (const pipe of [child.stdin, child.stdout, child.stderr] as unknown as Socket[]) {
    if (hold) pipe.ref();
    else pipe.unref();
  }
  if (hold) child.ref();
  else child.unref();
}
