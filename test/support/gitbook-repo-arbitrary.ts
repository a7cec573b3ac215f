import { posix } from 'node:path';
import fc from 'fast-check';

/**
 * Generated GitBook-format repositories for property tests, with the tree their `SUMMARY.md` describes.
 *
 * ```ts
 * fc.assert(fc.asyncProperty(gitbookRepoArbitrary(), async (repo) => {
 *   await writeRepo(dir, repo.files);              // every file, paths relative to the repo's top
 *   const want = expectedTree(repo.summary, 'current'); // titles as that contract gives them
 * }), { numRuns: 10 });
 * ```
 *
 * A repo always has `README.md` (the first page), `SUMMARY.md` and `.gitbook.yaml`. Its shapes:
 * `##` groups (the first group may be untitled: bullets before any heading), pages nested under
 * pages (a page with children is its folder's `README.md`), unlinked items (`* Title` with no link,
 * holding at least one child), external link entries, frontmatter with or without `title`,
 * a leading `# ` heading or one mid-page (after a paragraph) or none, images under
 * `.gitbook/assets/` with spaces in their names, page links with an anchor to another page's
 * `## Details` section, and `.gitbook.yaml` redirects to pages.
 */
export interface GeneratedRepo {
  /** Every file of the repo by its path (no leading slash); images are bytes. */
  readonly files: Record<string, string | Uint8Array>;
  /** The tree `SUMMARY.md` describes, group by group, in order. */
  readonly summary: readonly ExpectedGroup[];
  /** `.gitbook.yaml`'s redirects: old path (no leading slash) → the page file it leads to. */
  readonly redirects: Readonly<Record<string, string>>;
}

/** A `##` heading of `SUMMARY.md` and what it holds; `title` is undefined for bullets before any heading. */
export interface ExpectedGroup {
  readonly title: string | undefined;
  readonly items: readonly ExpectedItem[];
}

export type ExpectedItem = ExpectedPage | ExpectedLink | ExpectedUnlinked;

/** A `* [Title](path.md)` entry: a document page. */
export interface ExpectedPage {
  readonly kind: 'page';
  /** Its file, relative to the repo's top. */
  readonly path: string;
  /** The link text in `SUMMARY.md`. */
  readonly summaryTitle: string;
  /** Frontmatter `title:`, when the file has one. */
  readonly frontmatterTitle: string | undefined;
  /** Frontmatter `description:`, when the file has frontmatter. */
  readonly description: string | undefined;
  /** The `# ` heading that is the document's first block, when it has one. */
  readonly leadingHeading: string | undefined;
  /** A `# ` heading further down (after a paragraph), which titles nothing. */
  readonly midHeading: string | undefined;
  /** Files under `.gitbook/assets/` the page shows. */
  readonly images: readonly string[];
  /** Page files it links to, each with `#details`. */
  readonly linksTo: readonly string[];
  readonly children: readonly ExpectedItem[];
}

/** A `* [Title](https://…)` entry: a link page. */
export interface ExpectedLink {
  readonly kind: 'link';
  readonly title: string;
  readonly url: string;
}

/** A `* Title` entry with no link of its own, holding its children. */
export interface ExpectedUnlinked {
  readonly kind: 'unlinked';
  readonly title: string;
  readonly children: readonly ExpectedItem[];
}

/** Which API contract titles the pages: `current` (content batches) or `seed` (zip import). */
export type Contract = 'current' | 'seed';

/**
 * The title a page goes live with. On `current` the 0.202.0 document's rule: frontmatter `title`,
 * else the leading heading, else the `title` sent (the link text). On `seed` (a zip import) the
 * link text of `SUMMARY.md` titles the page, as Git Sync's table of contents does.
 */
export function expectedTitle(page: ExpectedPage, contract: Contract): string {
  return contract === 'current' ? (page.frontmatterTitle ?? page.leadingHeading ?? page.summaryTitle) : page.summaryTitle;
}

/** Every page of the tree in `SUMMARY.md` order, depth first. */
export function expectedPages(summary: readonly ExpectedGroup[]): ExpectedPage[] {
  const walk = (items: readonly ExpectedItem[]): ExpectedPage[] =>
    items.flatMap((item) => (item.kind === 'link' ? [] : item.kind === 'page' ? [item, ...walk(item.children)] : walk(item.children)));
  return summary.flatMap((group) => walk(group.items));
}

interface NodeShape {
  readonly kind: 'page' | 'link' | 'unlinked';
  readonly frontmatter: 'none' | 'description' | 'title';
  readonly heading: 'leading' | 'mid' | 'none';
  readonly image: boolean;
  /** Links to the page this many pages later (modulo the page count), when set. */
  readonly linkAhead: number | undefined;
  readonly children: readonly NodeShape[];
}

export interface RepoArbitraryOptions {
  /** Most groups (default 3). */
  readonly maxGroups?: number;
  /** Most entries at one level (default 3). */
  readonly maxSiblings?: number;
  /** Deepest nesting (default 3). */
  readonly maxDepth?: number;
}

/** Arbitrary GitBook-format repos; see {@link GeneratedRepo}. Small by default, so a property runs in seconds. */
export function gitbookRepoArbitrary(options: RepoArbitraryOptions = {}): fc.Arbitrary<GeneratedRepo> {
  const { maxGroups = 3, maxSiblings = 3, maxDepth = 3 } = options;
  const leaf = {
    frontmatter: fc.constantFrom('none', 'description', 'title'),
    heading: fc.constantFrom('leading', 'mid', 'none'),
    image: fc.boolean(),
    linkAhead: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  } as const;
  const node = (depth: number): fc.Arbitrary<NodeShape> => {
    const page = fc.record({ kind: fc.constant('page' as const), ...leaf, children: fc.constant([]) });
    const link = fc.record({ kind: fc.constant('link' as const), ...leaf, children: fc.constant([]) });
    if (depth >= maxDepth) return fc.oneof({ weight: 6, arbitrary: page }, { weight: 1, arbitrary: link });
    const children = (minLength: number) => fc.array(node(depth + 1), { minLength, maxLength: maxSiblings - 1 + minLength, depthIdentifier: 'tree' });
    return fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('page' as const), ...leaf, children: children(0) }) },
      { weight: 1, arbitrary: link },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('unlinked' as const), ...leaf, children: children(1) }) },
    );
  };
  const group = fc.record({ titled: fc.boolean(), items: fc.array(node(1), { minLength: 1, maxLength: maxSiblings }) });
  return fc
    .record({
      first: fc.record({ frontmatter: leaf.frontmatter, heading: leaf.heading }),
      groups: fc.array(group, { minLength: 1, maxLength: maxGroups }),
      redirects: fc.nat({ max: 2 }),
    })
    .map(({ first, groups, redirects }) => buildRepo(first, groups, redirects));
}

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

function buildRepo(
  first: Pick<NodeShape, 'frontmatter' | 'heading'>,
  groups: readonly { titled: boolean; items: readonly NodeShape[] }[],
  redirectCount: number,
): GeneratedRepo {
  const files: Record<string, string | Uint8Array> = {};
  const pages: { page: ExpectedPage & { linksTo: string[] }; shape: Pick<NodeShape, 'frontmatter' | 'heading' | 'image' | 'linkAhead'> }[] = [];
  let counter = 0;

  const place = (shape: NodeShape, folder: string, n: number): ExpectedItem => {
    const name = `Entry ${n}`;
    if (shape.kind === 'link') return { kind: 'link', title: `Link ${n}`, url: `https://example.com/ref/${n}` };
    const slug = `entry-${n}`;
    const childFolder = folder === '' ? slug : `${folder}/${slug}`;
    const children = shape.children.map((child) => place(child, childFolder, ++counter));
    if (shape.kind === 'unlinked') return { kind: 'unlinked', title: `Section ${n}`, children };
    const path = children.length > 0 ? `${childFolder}/README.md` : folder === '' ? `${slug}.md` : `${folder}/${slug}.md`;
    return record(shape, path, name, n, children);
  };
  const record = (
    shape: Pick<NodeShape, 'frontmatter' | 'heading' | 'image' | 'linkAhead'>,
    path: string,
    name: string,
    n: number,
    children: readonly ExpectedItem[],
  ): ExpectedPage => {
    const page: ExpectedPage & { linksTo: string[] } = {
      kind: 'page',
      path,
      summaryTitle: name,
      frontmatterTitle: shape.frontmatter === 'title' ? `Front ${n}` : undefined,
      description: shape.frontmatter === 'none' ? undefined : `About entry ${n}.`,
      leadingHeading: shape.heading === 'leading' ? `Heading ${n}` : undefined,
      midHeading: shape.heading === 'mid' ? `Inner ${n}` : undefined,
      images: shape.image ? [`.gitbook/assets/image ${n} (copy).png`] : [],
      linksTo: [],
      children,
    };
    pages.push({ page, shape });
    return page;
  };

  const readme = record({ ...first, image: false, linkAhead: undefined }, 'README.md', 'Introduction', 0, []);
  const summary: ExpectedGroup[] = groups.map((group, index) => ({
    title: group.titled || index > 0 ? `Group ${index + 1}` : undefined,
    items: group.items.map((shape) => place(shape, '', ++counter)),
  }));
  const firstGroup = summary[0];
  if (firstGroup !== undefined) summary[0] = { ...firstGroup, items: [readme, ...firstGroup.items] };

  // Page links are settled once every page has its path: each points a few pages ahead.
  for (const [index, { page, shape }] of pages.entries()) {
    const target = shape.linkAhead === undefined ? undefined : pages[(index + shape.linkAhead) % pages.length]?.page;
    if (target !== undefined && target !== page) page.linksTo.push(target.path);
  }
  for (const { page } of pages) {
    files[page.path] = pageMarkdown(page);
    for (const image of page.images) files[image] = PNG;
  }
  const all = expectedPages(summary);
  const redirects: Record<string, string> = {};
  for (let i = 0; i < redirectCount && i < all.length; i++) {
    const to = all[all.length - 1 - i];
    if (to !== undefined) redirects[`old/place-${i}`] = to.path;
  }
  files['SUMMARY.md'] = summaryMarkdown(summary);
  files['.gitbook.yaml'] = gitbookYaml(redirects);
  return { files, summary, redirects };
}

function pageMarkdown(page: ExpectedPage): string {
  const lines: string[] = [];
  if (page.description !== undefined) {
    const title = page.frontmatterTitle === undefined ? [] : [`title: ${page.frontmatterTitle}`];
    lines.push('---', ...title, `description: ${page.description}`, '---', '');
  }
  if (page.leadingHeading !== undefined) lines.push(`# ${page.leadingHeading}`, '');
  lines.push(`Text of ${page.path}.`, '');
  if (page.midHeading !== undefined) lines.push(`# ${page.midHeading}`, '', 'More text.', '');
  for (const image of page.images) lines.push(`![An image](<${relative(page.path, image)}>)`, '');
  for (const target of page.linksTo) lines.push(`See [the details](${relative(page.path, target)}#details).`, '');
  lines.push('## Details', '', `Details of ${page.path}.`, '');
  return lines.join('\n');
}

function summaryMarkdown(summary: readonly ExpectedGroup[]): string {
  const lines = ['# Table of contents', ''];
  const items = (list: readonly ExpectedItem[], depth: number): void => {
    const indent = '  '.repeat(depth);
    for (const item of list) {
      if (item.kind === 'link') lines.push(`${indent}* [${item.title}](${item.url})`);
      else if (item.kind === 'unlinked') lines.push(`${indent}* ${item.title}`);
      else lines.push(`${indent}* [${item.summaryTitle}](${item.path})`);
      if (item.kind !== 'link') items(item.children, depth + 1);
    }
  };
  for (const group of summary) {
    if (group.title !== undefined) lines.push('', `## ${group.title}`, '');
    items(group.items, 0);
  }
  return `${lines.join('\n')}\n`;
}

function gitbookYaml(redirects: Readonly<Record<string, string>>): string {
  const entries = Object.entries(redirects);
  const lines = ['root: ./', '', 'structure:', '  readme: README.md', '  summary: SUMMARY.md'];
  if (entries.length > 0) lines.push('', 'redirects:', ...entries.map(([from, to]) => `  ${from}: ${to}`));
  return `${lines.join('\n')}\n`;
}

/** `to` as a link from the file at `from`, both relative to the repo's top. */
function relative(from: string, to: string): string {
  return posix.relative(posix.dirname(from), to);
}
