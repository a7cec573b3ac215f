import type { ContractValidator } from './contract-validator.js';
import type { ContractViolation } from './contract-violation.js';

/** How one operation's answers fared, by status. */
export interface OperationConformance {
  readonly operationId: string;
  /** status → [answers checked, answers that broke the schema] */
  readonly statuses: Readonly<Record<string, readonly [checked: number, invalid: number]>>;
}

/** The outcome of checking one answer; `operationId` is undefined for a path the API does not have. */
export interface ConformanceResult {
  readonly operationId: string | undefined;
  readonly violations: readonly ContractViolation[];
}

/**
 * Checks the emulator's answers against the official response schema of the operation each
 * request reached, and counts them per operation and status (the `--strict` mode's evidence).
 */
export class ResponseConformance {
  private readonly counts = new Map<string, Map<number, [number, number]>>();

  constructor(private readonly validator: ContractValidator) {}

  /** `path` is the request path without `/v1` and query; `body` is the parsed JSON, undefined when empty. */
  check(method: string, path: string, status: number, body: unknown): ConformanceResult {
    const operation = this.validator.operations.find(method, path);
    if (operation === undefined) return { operationId: undefined, violations: [] };
    const violations = this.validator.checkResponse(operation, status, body);
    const byStatus = this.counts.get(operation.operationId) ?? new Map<number, [number, number]>();
    const count = byStatus.get(status) ?? [0, 0];
    count[0] += 1;
    if (violations.length > 0) count[1] += 1;
    byStatus.set(status, count);
    this.counts.set(operation.operationId, byStatus);
    return { operationId: operation.operationId, violations };
  }

  snapshot(): OperationConformance[] {
    return [...this.counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operationId, byStatus]) => ({
        operationId,
        statuses: Object.fromEntries(
          [...byStatus].sort(([a], [b]) => a - b).map(([status, [checked, invalid]]) => [String(status), [checked, invalid] as const]),
        ),
      }));
  }
}
