/**
 * Preloaded into a measured process (`node --import <this file>`): writes the CPU time the process
 * itself used (user + system, in microseconds; the git processes it runs are not in it) to the file
 * named by DOCSYNC_BENCH_CPU_FILE when it exits, however it exits.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.DOCSYNC_BENCH_CPU_FILE;
if (file)
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, String(user + system));
  });
