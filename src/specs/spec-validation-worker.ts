import { parentPort } from 'node:worker_threads';
import { ReadScope } from '../config/read-scope.js';
import { SpecValidationError } from './errors/spec-validation-error.js';
import { loadSpec } from './load-spec.js';
import type { SpecThreadReply, SpecThreadRequest } from './spec-validation-thread.js';

/** The body of {@link SpecValidationThread}'s worker: loads each spec it is sent, one at a time. */
parentPort?.on('message', (request: SpecThreadRequest) => {
  void loadSpec(request.file, ReadScope.ofRoots(request.roots)).then(
    (spec): void => parentPort?.postMessage({ id: request.id, spec } satisfies SpecThreadReply),
    (error: unknown): void => parentPort?.postMessage({ id: request.id, error: toReply(error) } satisfies SpecThreadReply),
  );
});

function toReply(error: unknown): NonNullable<SpecThreadReply['error']> {
  if (error instanceof SpecValidationError) return { invalid: { detail: error.detail, file: error.file, line: error.line, pointer: error.pointer } };
  return { message: error instanceof Error ? error.message : String(error) };
}
