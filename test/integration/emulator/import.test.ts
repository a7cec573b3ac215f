import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, textEntries, type ByteServer } from '../../support/byte-server.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';

const SPACE = '/v1/spaces/space-docs';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const README_BODY = ['# Welcome', '', '{% hint style="info" %}', 'Read **this** first.', '{% endhint %}', '', '![Logo](.gitbook/assets/logo.png)', ''].join(
  '\n',
);
const QUICKSTART_BODY = '# Quick start\r\n\r\n{% tabs %}\r\n{% tab title="npm" %}\r\nnpm i\r\n{% endtab %}\r\n{% endtabs %}\r\n';

/** A GitBook repository as GitHub zips it: everything inside `repo-main/`. */
function gitbookRepo(extra: Record<string, string | Uint8Array> = {}): Uint8Array {
  const files: Record<string, string | Uint8Array> = {
    '.gitbook.yaml': 'root: ./docs/\u200B\nstructure:\n  readme: README.md  \n  summary: SUMMARY.md\n',
    'package.json': '{}',
    'docs/SUMMARY.md': [
      '# Table of contents',
      '',
      '* [Welcome](README.md)',
      '',
      '## Getting started',
      '',
      '* [Quickstart](getting-started/quickstart.md)',
      '  * [Install on Linux](getting-started/install/linux.md)',
      '    * [Deep dive](getting-started/install/deep.md)',
      '* [Missing page](nope.md)',
      '',
      '## Reference',
      '',
      '- [API](reference/README.md)',
      '    - [Endpoints](reference/endpoints.md "Endpoints label")',
      '',
    ].join('\n'),
    'docs/README.md': `---\ndescription: Start here.\n---\n${README_BODY}`,
    'docs/getting-started/quickstart.md': `---\r\nhidden: true\r\n---\r\n${QUICKSTART_BODY}`,
    'docs/getting-started/install/linux.md': 'No heading here.\n',
    'docs/getting-started/install/deep.md': '# Deep\n',
    'docs/reference/README.md': '# Reference\n',
    'docs/reference/endpoints.md': '# Endpoints\n\nGET /things\n',
    'docs/unlisted.md': '# Not in the summary\n',
    'docs/.gitbook/assets/logo.png': PNG,
    ...extra,
  };
  return zipSync(textEntries(Object.fromEntries(Object.entries(files).map(([path, v]) => [`repo-main/${path}`, v]))));
}

let emulator: RunningEmulator;
let server: ByteServer;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
  server = await startByteServer();
});
afterAll(async () => {
  await emulator.close();
  await server.close();
});
beforeEach(() => emulator.reset());

async function importZip(zip: Uint8Array, path = SPACE, as: 'admin' | 'edit' | 'review' = 'admin') {
  const name = `/zip-${Math.random().toString(36).slice(2)}.zip`;
  server.set(name, zip, 'application/zip');
  return call(emulator, 'POST', `${path}/content/import`, { as, body: { url: server.url(name), source: 'zip' } });
}

async function spacePages(path = SPACE): Promise<any[]> {
  return json((await call(emulator, 'GET', `${path}/content/pages`)).body).pages;
}

async function pageMarkdown(pageId: string, path = SPACE): Promise<string> {
  return json((await call(emulator, 'GET', `${path}/content/page/${pageId}`)).body).markdown;
}

describe('import of a GitBook-format zip', () => {
  it('builds pages from .gitbook.yaml and SUMMARY.md: groups, nesting, frontmatter, assets, verbatim blocks', async () => {
    const before = json((await call(emulator, 'GET', `${SPACE}/content`)).body).id;
    const res = await importZip(gitbookRepo(), SPACE, 'edit');
    expect(res.status).toBe(201);
    const result = json(res.body);
    // 6 pages + 1 file imported; 7 markdown files + 1 asset + 1 missing link offered.
    expect(result).toMatchObject({ importedResources: 7, totalResources: 9 });
    expect(result.skipped.join('\n')).toContain('nope.md');
    expect(result.skipped.join('\n')).toContain('docs/unlisted.md');

    const revision = json((await call(emulator, 'GET', `${SPACE}/content`)).body);
    expect(revision.id).toBe(result.revision);
    expect(revision.parents).toEqual([before]);

    const pages = await spacePages();
    const outline = (list: any[]): unknown[] => list.map((p) => [p.type, p.title, p.path, outline(p.pages)]);
    expect(outline(pages)).toEqual([
      ['document', 'Welcome', 'welcome', []],
      [
        'group',
        'Getting started',
        'getting-started',
        [
          [
            'document',
            'Quickstart',
            'quickstart',
            [['document', 'Install on Linux', 'quickstart/linux', [['document', 'Deep dive', 'quickstart/linux/deep', []]]]],
          ],
        ],
      ],
      ['group', 'Reference', 'reference', [['document', 'API', 'reference', [['document', 'Endpoints', 'reference/endpoints', []]]]]],
    ]);

    const [welcome, started] = pages;
    expect(welcome.description).toBe('Start here.');
    expect(welcome.git.path).toBe('docs/README.md');
    expect(welcome.documentId).toEqual(expect.any(String));
    expect(await pageMarkdown(welcome.id)).toBe(README_BODY);
    const quickstart = started.pages[0];
    expect(quickstart.hidden).toBe(true);
    expect(quickstart.git.path).toBe('docs/getting-started/quickstart.md');
    expect(await pageMarkdown(quickstart.id)).toBe(QUICKSTART_BODY);

    const files = json((await call(emulator, 'GET', `${SPACE}/content/files`)).body);
    expect(files.items).toHaveLength(1);
    expect(files.items[0]).toMatchObject({ name: 'logo.png', size: PNG.byteLength, contentType: 'image/png' });
    expect(files.items[0].git.path).toBe('docs/.gitbook/assets/logo.png');
  });

  it('keeps page ids and documentIds stable when the same repository is imported again', async () => {
    await importZip(gitbookRepo());
    const first = await spacePages();
    await importZip(gitbookRepo({ 'docs/reference/endpoints.md': '# Endpoints\n\nChanged.\n' }));
    const second = await spacePages();
    const ids = (list: any[]): unknown[] => list.flatMap((p) => [[p.path, p.id, p.documentId], ...ids(p.pages)]);
    expect(ids(second)).toEqual(ids(first));
  });

  it('infers pages from folders without a SUMMARY.md, as the sync reader does (a folder without README is led by its first page)', async () => {
    const zip = zipSync(
      textEntries({
        'README.md': '# Home\n',
        'zeta.md': 'no heading\n',
        'alpha.md': '# Alpha\n',
        'guide/README.md': '# Guide\n',
        'guide/step.md': '# Step\n',
        'bare/only.md': '# Only\n',
      }),
    );
    expect((await importZip(zip)).status).toBe(201);
    const outline = (list: any[]): unknown[] => list.map((p) => [p.title, p.path, outline(p.pages)]);
    expect(outline(await spacePages())).toEqual([
      ['Home', 'home', []],
      ['Alpha', 'alpha', []],
      ['Only', 'only', []],
      ['Guide', 'guide', [['Step', 'guide/step', []]]],
      ['zeta', 'zeta', []],
    ]);
  });

  it('rejects an entry escaping its folder with 400 and leaves the space unchanged', async () => {
    const before = json((await call(emulator, 'GET', `${SPACE}/content`)).body).id;
    for (const evil of ['../evil.md', '/abs/evil.md']) {
      const res = await importZip(zipSync(textEntries({ 'README.md': '# Fine\n', [evil]: '# Evil\n' })));
      expect(res.status).toBe(400);
      expect(json(res.body).error.message).toContain('escapes its folder');
    }
    expect(json((await call(emulator, 'GET', `${SPACE}/content`)).body).id).toBe(before);
  });

  it('rejects an archive that is not a zip, an unreachable URL and unsupported sources, naming the field', async () => {
    server.set('/garbage.zip', 'not a zip at all');
    const garbage = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/garbage.zip'), source: 'zip' } });
    expect(garbage.status).toBe(400);
    const missing = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/nothing.zip'), source: 'zip' } });
    expect(missing.status).toBe(400);
    expect(json(missing.body).error.message).toContain('url');
    const closed = await startByteServer();
    const closedUrl = closed.url('/x.zip');
    await closed.close();
    const unreachable = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: closedUrl, source: 'zip' } });
    expect(unreachable.status).toBe(400);
    expect(json(unreachable.body).error.message).toContain('"url"');
    const docx = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/a'), source: 'docx' } });
    expect(docx.status).toBe(400);
    expect(json(docx.body).error.message).toContain('source docx is not supported by the emulator');
    const badUrl = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: 'not a url', source: 'zip' } });
    expect(badUrl.status).toBe(400);
    expect(json(badUrl.body).error.message).toContain('url');
    const badSource = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/a'), source: 'pdf' } });
    expect(badSource.status).toBe(400);
    expect(json(badSource.body).error.message).toContain('source');
  });

  it('imports one markdown document as one page titled by its first heading', async () => {
    server.set('/notes/release-notes.md', '---\ndescription: What changed.\n---\n# Release notes\n\n{% hint %}x{% endhint %}\n', 'text/markdown');
    const res = await call(emulator, 'POST', `${SPACE}/content/import`, {
      body: { url: server.url('/notes/release-notes.md'), source: 'markdown' },
    });
    expect(res.status).toBe(201);
    expect(json(res.body)).toMatchObject({ importedResources: 1, totalResources: 1 });
    const pages = await spacePages();
    expect(pages.map((p) => [p.title, p.path, p.description])).toEqual([['Release notes', 'release-notes', 'What changed.']]);
    expect(await pageMarkdown(pages[0].id)).toBe('# Release notes\n\n{% hint %}x{% endhint %}\n');
  });

  it('imports into a change request without touching the space', async () => {
    const before = json((await call(emulator, 'GET', `${SPACE}/content`)).body).id;
    const cr = json((await call(emulator, 'POST', `${SPACE}/change-requests`, { body: {} })).body);
    const crPath = `${SPACE}/change-requests/${cr.number}`;
    const res = await importZip(gitbookRepo(), crPath, 'edit');
    expect(res.status).toBe(201);
    expect(json((await call(emulator, 'GET', crPath)).body).revision).toBe(json(res.body).revision);
    expect((await spacePages(crPath)).map((p) => p.title)).toEqual(['Welcome', 'Getting started', 'Reference']);
    expect(json((await call(emulator, 'GET', `${SPACE}/content`)).body).id).toBe(before);
  });

  it('needs edit (403 for review) and a token (401)', async () => {
    expect((await importZip(gitbookRepo(), SPACE, 'review')).status).toBe(403);
    const cr = json((await call(emulator, 'POST', `${SPACE}/change-requests`, { body: {} })).body);
    expect((await importZip(gitbookRepo(), `${SPACE}/change-requests/${cr.id}`, 'review')).status).toBe(403);
    const anonymous = await call(emulator, 'POST', `${SPACE}/content/import`, { as: null, body: { url: server.url('/a'), source: 'zip' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('import size limit', () => {
  let small: RunningEmulator;
  beforeAll(async () => {
    small = await startTestEmulator({ contract: 'seed', importLimit: 2048 });
  });
  afterAll(() => small.close());

  it('accepts an archive at the limit and rejects one a byte over with 400 naming the size limit', async () => {
    const sized = (bytes: number): Uint8Array => {
      // Stored (level 0) so the archive size is predictable; grow the payload until it fits exactly.
      const build = (n: number) => zipSync({ 'README.md': new TextEncoder().encode(`# Big\n${'x'.repeat(n)}`) }, { level: 0 });
      return build(bytes - build(0).byteLength);
    };
    const atLimit = sized(2048);
    expect(atLimit.byteLength).toBe(2048);
    server.set('/at-limit.zip', atLimit);
    const ok = await call(small, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/at-limit.zip'), source: 'zip' } });
    expect(ok.status).toBe(201);
    const over = sized(2049);
    expect(over.byteLength).toBe(2049);
    server.set('/over.zip', over);
    const res = await call(small, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/over.zip'), source: 'zip' } });
    expect(res.status).toBe(400);
    expect(json(res.body).error.message).toContain('import size limit of 2048 bytes');
  });
});
