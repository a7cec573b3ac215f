/** One BullMQ queue per job kind; the prefix separates deployments (and tests) sharing a Redis. */
export function queueName(kind: string): string {
  return `docsync-${kind}`;
}
