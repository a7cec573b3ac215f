import { mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsyncConfigSchema } from '../../../src/config/config-schema.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { createContentPreparer } from '../../../src/sync/prepare-content.js';
import { derivedRead } from '../../support/derived-read.js';
import { expectedPages, gitbookRepoArbitrary } from '../../support/gitbook-repo-arbitrary.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** What one edit does to a page: each kind reaches another part of what a read derives. */
const EDITS = [
  'body',
  'heading',
  'description',
  'hidden',
  'image-bundled',
  'image-unbundled',
  'image-missing',
  'image-outside',
  'image-case',
  'images-dropped',
  'page-link',
  'page-link-missing',
  'file-link',
  'file-link-case',
] as const;
type Edit = (typeof EDITS)[number];

/** A file under `.gitbook/assets/` no page shows: linking it brings it into the bundle. */
const SPARE = '.gitbook/assets/spare diagram.png';

/** A link from the page at `from` to `to` (both from the repo's top), relative and URL-encoded as editors write them. */
function relativeLink(from: string, to: string): string {
  return encodeURI(posix.relative(posix.dirname(from), to) || posix.basename(to));
}

/** The page's text with `edit` made; `other` is another page, `asset` an image some page shows. */
function edited(text: string, edit: Edit, page: string, other: string, asset: string | undefined, token: number): string {
  const line = (markdown: string): string => `${text.trimEnd()}\n\n${markdown}\n`;
  switch (edit) {
    case 'body':
      return line(`Another line ${token}.`);
    case 'heading':
      return /^# .*$/m.test(text) ? text.replace(/^# (.*)$/m, `# $1 ${token}`) : `# Heading ${token}\n\n${text}`;
    case 'description':
      return text.startsWith('---\n') ? text.replace(/^---\n/, `---\ndescription: Edited ${token}\n`) : `---\ndescription: Edited ${token}\n---\n${text}`;
    case 'hidden':
      return text.startsWith('---\n') ? text.replace(/^---\n/, '---\nhidden: true\n') : `---\nhidden: true\n---\n${text}`;
    case 'image-bundled':
      return line(asset === undefined ? `No image ${token}.` : `![Shown again ${token}](${relativeLink(page, asset)})`);
    case 'image-unbundled':
      return line(`![Spare ${token}](${relativeLink(page, SPARE)})`);
    case 'image-missing':
      return line(`![Gone ${token}](${relativeLink(page, '.gitbook/assets/gone.png')})`);
    case 'image-outside':
      return line(`![Outside ${token}](${'../'.repeat(page.split('/').length)}outside.png)`);
    case 'image-case':
      return line(asset === undefined ? `No image ${token}.` : `![Shout ${token}](${relativeLink(page, asset.toUpperCase())})`);
    case 'images-dropped':
      return text.replace(/!\[[^\]]*\]\([^)]*\)/g, '');
    case 'page-link':
      return line(`See [the other page ${token}](${relativeLink(page, other)}).`);
    case 'page-link-missing':
      return line(`See [nothing ${token}](${relativeLink(page, 'nowhere.md')}).`);
    case 'file-link':
      return line(asset === undefined ? `No file ${token}.` : `Download [the file ${token}](${relativeLink(page, asset)}).`);
    case 'file-link-case':
      return line(asset === undefined ? `No file ${token}.` : `Download [the file ${token}](${relativeLink(page, asset.toUpperCase())}).`);
  }
}

const target = (directory: string) => DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory, spaceId: 'space', source: 'worktree' }] }).spaces[0]!;

describe('a kept read brought up to date', () => {
  it('equals a whole read of the repo, whatever pages are edited and however (fast-check law over generated repos)', async () => {
    // Reads brought up to date rather than read whole: the law must reach the patch, not only whole reads.
    let patched = 0;
    await fc.assert(
      fc.asyncProperty(
        gitbookRepoArbitrary({ maxGroups: 2, maxSiblings: 3, maxDepth: 2 }),
        fc.array(fc.record({ page: fc.nat(), other: fc.nat(), edit: fc.constantFrom(...EDITS) }), { minLength: 1, maxLength: 5 }),
        async (repo, edits) => {
          const dir = await makeTempDir();
          for (const [path, bytes] of Object.entries({ ...repo.files, [SPARE]: 'png bytes no page shows' })) {
            await mkdir(dirname(join(dir, path)), { recursive: true });
            await writeFile(join(dir, path), bytes);
          }
          // Files older than the racy window: an edit is found by its size and mtime, as in a repo.
          const past = new Date(Date.now() - 3_600_000);
          for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
            if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), past, past);
          const pages = expectedPages(repo.summary).map((page) => page.path);
          const assets = Object.keys(repo.files).filter((path) => path.startsWith('.gitbook/assets/'));
          const prepare = createContentPreparer({ cacheDir: await makeTempDir(), bundleDir: await makeTempDir() });
          await (await prepare(target(dir))).keep();
          for (const [index, { page, other, edit }] of edits.entries()) {
            const path = pages[page % pages.length] ?? 'README.md';
            const text = await readFile(join(dir, path), 'utf8');
            const next = edited(text, edit, path, pages[other % pages.length] ?? 'README.md', assets[other % Math.max(assets.length, 1)], index);
            await writeFile(join(dir, path), next);
            const content = await prepare(target(dir));
            expect(derivedRead(content), `after ${edit} of ${path}`).toEqual(derivedRead({ snapshot: await readDocsRepo(new WorktreeSource(dir)) }));
            if (content.changed !== undefined) patched += 1;
            await content.keep();
          }
        },
      ),
      { numRuns: Number(process.env.DOCSYNC_LAW_RUNS ?? 25), seed: Number(process.env.DOCSYNC_LAW_SEED ?? 1) },
    );
    expect(patched).toBeGreaterThan(0);
  });
});
