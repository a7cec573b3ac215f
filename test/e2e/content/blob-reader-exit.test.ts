import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

/** A one-shot command ends when its work does: the idle `git cat-file --batch` process must not hold it open. */
const PAGES = 5;
let repo: string;
const oids: string[] = [];
let bytes = 0;

beforeAll(async () => {
  repo = await makeTempDir('docsync-blob-reader-exit-');
  git(repo, 'init', '-q', '-b', 'main');
  const texts = Array.from({ length: PAGES }, (_, i) => `# Page ${i}\n\n${'text '.repeat(i * 50)}\n`);
  await writeTree(repo, Object.fromEntries(texts.map((text, i) => [`docs/page-${i}.md`, text])));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'Pages');
  for (let i = 0; i < PAGES; i += 1) oids.push(git(repo, 'rev-parse', `HEAD:docs/page-${i}.md`).trim());
  bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
});
afterAll(removeTempDirs);

describe('the blob reader of the built package', () => {
  it('lets a process that has read end by itself: the kept git process does not hold it open', async () => {
    const module = fileURLToPath(new URL('../../../dist/src/content/git/git-repository.js', import.meta.url));
    const script = `
      const { GitRepository } = await import(${JSON.stringify(module)});
      const repository = await GitRepository.open(${JSON.stringify(repo)});
      let bytes = 0;
      for await (const blob of repository.readBlobs(${JSON.stringify(oids)})) bytes += blob.bytes.length;
      console.log(bytes);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(Number(out.trim())).toBe(bytes);
  });
});
