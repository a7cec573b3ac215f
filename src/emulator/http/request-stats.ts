/** Request counts by method, route pattern and status, for `/_emulator/stats`. */
export class RequestStats {
  private counts = new Map<string, { method: string; route: string; status: number; count: number }>();
  private faults = 0;
  private rateLimited = 0;

  record(method: string, route: string, status: number): void {
    const key = `${method} ${route} ${status}`;
    const entry = this.counts.get(key);
    if (entry) entry.count += 1;
    else this.counts.set(key, { method, route, status, count: 1 });
    if (status === 429) this.rateLimited += 1;
  }

  recordFault(): void {
    this.faults += 1;
  }

  snapshot() {
    const routes = [...this.counts.values()].sort(
      (a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method) || a.status - b.status,
    );
    const total = routes.reduce((sum, r) => sum + r.count, 0);
    const writes = routes.filter((r) => r.method !== 'GET').reduce((sum, r) => sum + r.count, 0);
    return { total, writes, faults: this.faults, rateLimited: this.rateLimited, routes };
  }

  clear(): void {
    this.counts = new Map();
    this.faults = 0;
    this.rateLimited = 0;
  }
}
