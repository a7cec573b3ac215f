#!/usr/bin/env node
/**
 * The `docsync` bin. Top-level help and the version are answered from what commander rendered from
 * the program definition at build time, so they load neither commander nor the commands; every
 * other command line runs the full CLI (main.ts), loaded on demand.
 */
import type { FixedAnswers } from './fixed-answers.js';

/** `fixedAnswers(docsyncProgram)` as JSON, written in by the build (scripts/bundle-cli.ts). */
declare const DOCSYNC_FIXED_ANSWERS: string;

const { width, answers } = JSON.parse(DOCSYNC_FIXED_ANSWERS) as FixedAnswers;
const argv = process.argv.slice(2);
const answer = answers.find((fixed) => fixed.argv.length === argv.length && fixed.argv.every((arg, index) => arg === argv[index]));
// Commander wraps help at a terminal's columns and at `width` elsewhere, so the text rendered at
// build time is exactly commander's off a terminal or on one `width` columns wide. (Colour makes no
// difference: commander's default help has none.) Any other terminal gets the full CLI.
const renderedAlike = (text: string, stream: NodeJS.WriteStream): boolean => text === '' || !stream.isTTY || stream.columns === width;

if (answer !== undefined && renderedAlike(answer.stdout, process.stdout) && renderedAlike(answer.stderr, process.stderr)) {
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
} else {
  await import('./main.js');
}
