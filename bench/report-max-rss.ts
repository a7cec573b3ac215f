/**
 * Preloaded into a measured process (`node --import <this file>`): writes the process's peak RSS in
 * bytes to the file named by DOCSYNC_BENCH_RSS_FILE when it exits, however it exits.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The peak resident set of this process's own memory. On Linux that is `VmHWM`: getrusage's
 * `maxRSS` also counts what the parent held when it forked this process (the kernel carries the
 * pre-exec high-water mark over), so a child of a 500 MB benchmark reported 500 MB whatever it did.
 */
function peakRssBytes(): number {
  try {
    const kib = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kib !== undefined) return Number(kib) * 1024;
  } catch {
    // not Linux: getrusage is the best there is
  }
  return process.resourceUsage().maxRSS * 1024;
}

const file = process.env.DOCSYNC_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(peakRssBytes())));
