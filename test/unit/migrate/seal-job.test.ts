import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../../src/failure/permanent-job-error.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { MigrateItemJobSchema } from '../../../src/migrate/migrate-item-job.js';
import { sealJob, unsealJob } from '../../../src/migrate/seal-job.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const PASSWORD = 'ghp_PlanGitPassword123';
const SIGNATURE = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';

async function planFile(text: string): Promise<string> {
  const dir = await makeTempDir('docsync-seal-');
  const file = join(dir, 'plan.yaml');
  await writeFile(file, text);
  return file;
}

const PLAN = [
  'items:',
  `  - { id: api, source: { git: "https://bot:${PASSWORD}@git.example/acme/api-docs.git", ref: main }, space: space-api }`,
  `  - { id: guide, source: "https://bucket.s3.example/guide.zip?X-Amz-Credential=AKIAEXAMPLE&X-Amz-Signature=${SIGNATURE}", space: space-guide, mode: direct }`,
  '  - { id: plain, source: "https://example.com/handbook.zip", space: space-handbook }',
  '',
].join('\n');

describe('migrate-item jobs in Redis', () => {
  it('hold no password and no signed query; the worker reads them back from the plan', async () => {
    const file = await planFile(PLAN);
    const plan = await loadPlan(file);
    const jobs = plan.items.map((item) => sealJob('m-run', item, file));
    const stored = JSON.stringify(jobs);
    for (const secret of [PASSWORD, SIGNATURE, 'AKIAEXAMPLE']) expect(stored).not.toContain(secret);
    expect(jobs.map((job) => job.plan)).toEqual([file, file, undefined]);
    for (const [index, job] of jobs.entries()) {
      const parsed = MigrateItemJobSchema.parse(JSON.parse(JSON.stringify(job)));
      expect(await unsealJob(parsed)).toEqual(plan.items[index]);
    }
  });

  it('refuse a plan changed since they were enqueued, or one the worker cannot read, for good', async () => {
    const file = await planFile(PLAN);
    const [api] = (await loadPlan(file)).items;
    if (api === undefined) throw new Error('no item');
    const job = sealJob('m-run', api, file);
    await writeFile(file, PLAN.replace('ref: main', 'ref: v2'));
    await expect(unsealJob(job)).rejects.toThrow(PermanentJobError);
    await expect(unsealJob(job)).rejects.toThrow(`item "api": the plan ${file} no longer holds it as it was enqueued`);
    await expect(unsealJob({ ...job, plan: join(file, '..', 'gone.yaml') })).rejects.toThrow('which this worker cannot load');
  });
});
