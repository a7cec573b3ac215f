import { createCipheriv } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Options of {@link generateDocsRepo}. */
export interface GenerateDocsRepoOptions {
  /** Content pages; each chapter and part folder also gets a `README.md` page. */
  readonly pages: number;
  /** Approximate size of a content page. Default 2048. */
  readonly pageBytes?: number;
  /** Pages per chapter folder. Default 25. */
  readonly pagesPerChapter?: number;
  /** Chapters per part folder (a `##` group of SUMMARY.md). Default 10. */
  readonly chaptersPerPart?: number;
  /** mtime of every file: old, as after a checkout, so a worktree source trusts it. Default 2020-01-01. */
  readonly mtime?: Date;
  /** Incompressible media files (png, pdf, mp4, gif in turn) under `.gitbook/assets/`, each referenced by one page. */
  readonly binaryAssets?: { readonly count: number; readonly totalBytes: number };
}

/** What {@link generateDocsRepo} wrote. */
export interface GeneratedDocsRepo {
  /** Every file written, relative to the directory. */
  readonly files: readonly string[];
  /** Content pages only (no READMEs), in SUMMARY order. */
  readonly pages: readonly string[];
}

const WORDS = 'sync docs page repo change request space hash bundle reader summary asset merge commit token'.split(' ');
// A valid 1×1 PNG; the assets only need to exist and be referenced.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Writes a deterministic GitBook-format repo: parts → chapters → pages (nested folders with READMEs),
 * a SUMMARY.md with one `##` group per part, a `.gitbook.yaml`, and pages with frontmatter, GitBook
 * blocks and image references into `.gitbook/assets/`.
 */
export async function generateDocsRepo(directory: string, options: GenerateDocsRepoOptions): Promise<GeneratedDocsRepo> {
  const perChapter = options.pagesPerChapter ?? 25;
  const perPart = options.chaptersPerPart ?? 10;
  const pageBytes = options.pageBytes ?? 2048;
  const files = new Map<string, string | Buffer>();
  const pages: string[] = [];
  const summary = ['# Table of contents', '', '* [Introduction](README.md)'];
  const pad = (n: number): string => String(n).padStart(4, '0');

  files.set('.gitbook.yaml', 'root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\nredirects:\n  start: README.md\n');
  // The readme shows every diagram: only referenced files are bundled.
  const diagrams = Array.from({ length: 5 }, (_, i) => `![Diagram ${i}](<.gitbook/assets/diagram ${i}.png>)\n`).join('');
  files.set('README.md', `# Introduction\n\nA generated docs repository.\n\n${diagrams}`);
  for (let i = 0; i < 5; i++) files.set(`.gitbook/assets/diagram ${i}.png`, PNG);

  const chapters = Math.ceil(options.pages / perChapter);
  for (let chapter = 0; chapter < chapters; chapter++) {
    const part = Math.floor(chapter / perPart);
    const partDir = `part-${pad(part)}`;
    const chapterDir = `${partDir}/chapter-${pad(chapter)}`;
    if (chapter % perPart === 0) {
      summary.push('', `## Part ${part}`, '', `* [Part ${part}](${partDir}/README.md)`);
      files.set(`${partDir}/README.md`, `# Part ${part}\n\nOverview of part ${part}.\n`);
    }
    summary.push(`  * [Chapter ${chapter}](${chapterDir}/README.md)`);
    files.set(`${chapterDir}/README.md`, `---\ndescription: Chapter ${chapter}\n---\n\n# Chapter ${chapter}\n`);
    for (let k = chapter * perChapter; k < Math.min(options.pages, (chapter + 1) * perChapter); k++) {
      const page = `${chapterDir}/page-${pad(k)}.md`;
      pages.push(page);
      summary.push(`    * [Page ${k}](${page})`);
      files.set(page, pageText(k, pageBytes));
    }
  }
  files.set('SUMMARY.md', `${summary.join('\n')}\n`);
  const binary = options.binaryAssets;
  if (binary) {
    const bytes = Math.floor(binary.totalBytes / binary.count);
    for (let i = 0; i < binary.count; i++) {
      const asset = `.gitbook/assets/media-${pad(i)}.${MEDIA[i % MEDIA.length] ?? 'png'}`;
      files.set(asset, incompressible(i, bytes));
      const page = pages[i % pages.length];
      if (page !== undefined) files.set(page, `${String(files.get(page))}\n[Download ${i}](<../../${asset}>)\n`);
    }
  }

  const mtime = options.mtime ?? new Date('2020-01-01T00:00:00Z');
  const entries = [...files];
  for (let start = 0; start < entries.length; start += 64) {
    await Promise.all(
      entries.slice(start, start + 64).map(async ([relative, content]) => {
        const file = path.join(directory, ...relative.split('/'));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, content);
        await utimes(file, mtime, mtime);
      }),
    );
  }
  return { files: [...files.keys()], pages };
}

const MEDIA = ['png', 'pdf', 'mp4', 'gif'];

/** Deterministic bytes that deflate cannot shrink: AES-CTR over zeros, keyed by the file's number. */
function incompressible(seed: number, bytes: number): Buffer {
  const key = Buffer.alloc(32);
  key.writeUInt32BE(seed);
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(bytes));
}

function pageText(k: number, bytes: number): string {
  const head = [
    '---',
    `description: Generated page ${k}.`,
    '---',
    '',
    `# Page ${k}`,
    '',
    '{% hint style="info" %}',
    `Hint for page ${k}.`,
    '{% endhint %}',
    '',
    k % 50 === 0 ? `![Diagram](<../../.gitbook/assets/diagram ${k % 5}.png>)\n` : '',
  ].join('\n');
  let body = '';
  let word = k;
  while (head.length + body.length < bytes) {
    body += WORDS[word++ % WORDS.length] ?? '';
    body += word % 12 === 0 ? '.\n' : ' ';
  }
  return `${head}${body}\n`;
}
