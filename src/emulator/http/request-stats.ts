/**
 * Request counts by method, route pattern and status, for `/_emulator/stats`; and what the content
 * batches that applied carried, so a benchmark can tell one call with one change from many.
 */
export class RequestStats {
  private counts = new Map<string, { method: string; route: string; status: number; count: number }>();
  private faults = 0;
  private rateLimited = 0;
  private contentBatches = { calls: 0, changes: 0, largest: 0 };

  record(method: string, route: string, status: number): void {
    const key = `${method} ${route} ${status}`;
    const entry = this.counts.get(key);
    if (entry) entry.count += 1;
    else this.counts.set(key, { method, route, status, count: 1 });
    if (status === 429) this.rateLimited += 1;
  }

  /** A content batch that applied, with its number of changes. */
  recordContentBatch(changes: number): void {
    this.contentBatches.calls += 1;
    this.contentBatches.changes += changes;
    this.contentBatches.largest = Math.max(this.contentBatches.largest, changes);
  }

  recordFault(): void {
    this.faults += 1;
  }

  snapshot() {
    const routes = [...this.counts.values()].sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method) || a.status - b.status);
    const total = routes.reduce((sum, r) => sum + r.count, 0);
    const writes = routes.filter((r) => r.method !== 'GET').reduce((sum, r) => sum + r.count, 0);
    return { total, writes, faults: this.faults, rateLimited: this.rateLimited, contentBatches: { ...this.contentBatches }, routes };
  }

  clear(): void {
    this.counts = new Map();
    this.faults = 0;
    this.rateLimited = 0;
    this.contentBatches = { calls: 0, changes: 0, largest: 0 };
  }
}
