import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as z from 'zod';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { exampleWorkspace } from '../../support/sync-harness.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

// GitHub's action metadata rules (docs: "Metadata syntax for GitHub Actions"), as far as they bind us.
const Input = z.strictObject({
  description: z.string().min(1),
  required: z.boolean().optional(),
  default: z.string().optional(),
  deprecationMessage: z.string().optional(),
});
const Output = z.strictObject({ description: z.string().min(1), value: z.string() });
const Step = z
  .strictObject({
    name: z.string().optional(),
    id: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/)
      .optional(),
    uses: z.string().optional(),
    with: z.record(z.string(), z.string()).optional(),
    run: z.string().optional(),
    shell: z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
    if: z.string().optional(),
    'working-directory': z.string().optional(),
  })
  .refine((step) => (step.run === undefined) !== (step.uses === undefined), 'a step has either run or uses')
  .refine((step) => step.run === undefined || step.shell !== undefined, 'a run step of a composite action needs shell');
const ActionMetadata = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  author: z.string().optional(),
  branding: z
    .strictObject({ icon: z.string(), color: z.enum(['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']) })
    .optional(),
  inputs: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/), Input),
  outputs: z.record(z.string(), Output),
  runs: z.strictObject({ using: z.literal('composite'), steps: z.array(Step).min(1) }),
});
type Metadata = z.infer<typeof ActionMetadata>;

async function metadata(): Promise<Metadata> {
  return ActionMetadata.parse(parse(await readFile(join(ROOT, 'action.yml'), 'utf8')));
}

/** Parses a `$GITHUB_OUTPUT` file: `name=value` lines and `name<<DELIMITER` blocks. */
function parseGithubOutput(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc?.[1] !== undefined && heredoc[2] !== undefined) {
      const end = lines.indexOf(heredoc[2], i + 1);
      outputs[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

/**
 * Runs the action's own "Run docsync" step script with bash, the way the runner does: inputs
 * substituted into the step's env, GITHUB_* variables set, the action path at this checkout.
 */
async function runActionStep(
  meta: Metadata,
  inputs: Record<string, string>,
  cwd: string,
  extraEnv: Record<string, string>,
): Promise<{ code: number; stdout: string; outputs: Record<string, string> }> {
  const step = meta.runs.steps.find((s) => s.id === 'docsync');
  if (step?.run === undefined) throw new Error('action.yml has no run step with id "docsync"');
  const values: Record<string, string> = {};
  for (const [name, input] of Object.entries(meta.inputs)) values[name] = inputs[name] ?? input.default ?? '';
  const env: Record<string, string> = {};
  for (const [name, expression] of Object.entries(step.env ?? {})) {
    env[name] = expression.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_m, input: string) => values[input] ?? '');
  }
  const outputFile = join(cwd, 'github-output');
  await writeFile(outputFile, '');
  const child = spawn('bash', ['-e', '-c', step.run], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      ...extraEnv,
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_OUTPUT: outputFile,
      RUNNER_TEMP: cwd,
    },
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.resume();
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { code, stdout, outputs: parseGithubOutput(await readFile(outputFile, 'utf8')) };
}

describe('the GitHub Action (action.yml)', () => {
  it('follows the action metadata rules: every input documented, outputs wired to the run step', async () => {
    const meta = await metadata();
    expect(Object.keys(meta.inputs).sort()).toEqual(['branch', 'close-branch', 'command', 'config', 'dry-run', 'endpoint', 'targets', 'token']);
    expect(meta.inputs.token?.required).toBe(true);
    expect(Object.keys(meta.outputs).sort()).toEqual(['change-request-url', 'conflicts', 'platform-edits-branch', 'report', 'status', 'writes']);
    const stepIds = new Set(meta.runs.steps.map((s) => s.id).filter((id) => id !== undefined));
    for (const [name, output] of Object.entries(meta.outputs)) {
      const wired = /^\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}$/.exec(output.value);
      expect(wired, `output ${name}`).not.toBeNull();
      expect(stepIds.has(wired?.[1] ?? ''), `output ${name} reads a step that exists`).toBe(true);
      expect(wired?.[2]).toBe(name);
    }
    // Every input reaches the run step; the token only through the environment, never the command line.
    const run = meta.runs.steps.find((s) => s.id === 'docsync');
    const envValues = Object.values(run?.env ?? {}).join('\n');
    for (const name of Object.keys(meta.inputs)) expect(envValues, `input ${name}`).toContain(`inputs.${name}`);
    expect(run?.run).not.toContain('inputs.token');
  });

  describe('run against the emulator', () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator({ contract: 'current' });
    });
    afterAll(() => emulator.close());

    it('syncs, sets change-request-url, status, writes and report; an unchanged tree then reports 0 writes', async () => {
      const meta = await metadata();
      const { dir } = await exampleWorkspace();
      await writeFile(join(dir, 'docsync.yaml'), 'spaces:\n  - name: docs\n    directory: docs\n    spaceId: space-docs\n');
      const env = { DOCSYNC_ENDPOINT: emulator.url };

      const first = await runActionStep(meta, { token: 'emulator-admin' }, dir, env);
      expect(first).toExitWith(0);
      expect(first.outputs.status).toBe('synced');
      expect(Number(first.outputs.writes)).toBeGreaterThan(0);
      expect(first.outputs['change-request-url']).toMatch(/^https?:\/\/\S+/);
      const report = JSON.parse(first.outputs.report ?? '') as { writes: number; results: { outcome: string }[] };
      expect(report.writes).toBe(Number(first.outputs.writes));
      expect(report.results[0]?.outcome).toBe('created');
      expect(first.stdout).not.toContain('emulator-admin');

      const second = await runActionStep(meta, { token: 'emulator-admin' }, dir, env);
      expect(second).toExitWith(0);
      expect(second.outputs).toMatchObject({ status: 'unchanged', writes: '0' });
    });

    it('fails with exit 2 and an annotation for an unknown command, before running anything', async () => {
      const meta = await metadata();
      const dir = await mkdtemp(join(tmpdir(), 'docsync-action-'));
      const result = await runActionStep(meta, { token: 'emulator-admin', command: 'publish everything' }, dir, {});
      expect(result).toExitWith(2);
      expect(result.stdout).toContain("::error title=docsync::input 'command' must be sync, spec publish or site apply");
    });

    it('passes dry-run through: status planned, nothing written', async () => {
      const meta = await metadata();
      const { dir } = await exampleWorkspace();
      await writeFile(join(dir, 'docsync.yaml'), 'spaces:\n  - name: docs\n    directory: docs\n    spaceId: space-docs\n');
      const result = await runActionStep(meta, { token: 'emulator-admin', 'dry-run': 'true' }, dir, { DOCSYNC_ENDPOINT: emulator.url });
      expect(result).toExitWith(0);
      expect(result.outputs).toMatchObject({ status: 'planned', writes: '0' });
    });
  });
});

describe('the CI recipes in examples/ci', () => {
  it('parse, and every use of the action passes only inputs it declares', async () => {
    const meta = await metadata();
    const dir = join(ROOT, 'examples', 'ci', 'github');
    for (const file of ['docs-main.yml', 'docs-preview.yml', 'docs-nightly.yml']) {
      const workflow = z
        .object({
          on: z.unknown(),
          jobs: z.record(
            z.string(),
            z.object({ steps: z.array(z.object({ uses: z.string().optional(), with: z.record(z.string(), z.union([z.string(), z.number()])).optional() })) }),
          ),
        })
        .parse(parse(await readFile(join(dir, file), 'utf8')));
      const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((s) => s.uses?.endsWith('/docsync@v1')));
      expect(uses.length, file).toBeGreaterThan(0);
      for (const step of uses) {
        for (const input of Object.keys(step.with ?? {})) expect(Object.keys(meta.inputs), `${file}: ${input}`).toContain(input);
        expect(step.with?.token).toBe('${{ secrets.GITBOOK_TOKEN }}');
      }
      // The sync into main rebuilds the base from the commit it last synced: the checkout has the history.
      if (file === 'docs-main.yml') {
        const checkouts = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((s) => s.uses?.startsWith('actions/checkout@')));
        expect(checkouts.map((s) => s.with?.['fetch-depth'])).toEqual([0]);
      }
    }
    const gitlab = z.record(z.string(), z.unknown()).parse(parse(await readFile(join(ROOT, 'examples', 'ci', 'gitlab-ci.yml'), 'utf8')));
    expect(Object.keys(gitlab)).toEqual(expect.arrayContaining(['docs', 'docs-preview', 'docs-preview-close', 'docs-nightly']));
    expect(gitlab.docs).toMatchObject({ variables: { GIT_DEPTH: 0 } });
  });
});
