/**
 * Preloaded into a measured process (`node --import <this file>`): writes the process's peak RSS in
 * bytes to the file named by DOCSYNC_BENCH_RSS_FILE when it exits, however it exits.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.DOCSYNC_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
