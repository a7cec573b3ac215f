/**
 * Pages edited in the platform could not be kept in git, so the target stopped before overwriting
 * them (exit 7). The layers that keep them throw subclasses naming what failed.
 */
export abstract class PlatformEditsNotKeptError extends Error {}
