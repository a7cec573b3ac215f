import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { currentContract } from '../contract/official-contract.js';
import { call, json, startTestEmulator, type TokenRole } from '../../support/emulator-harness.js';

const SPACE = '/v1/spaces/space-docs';
const CRS = `${SPACE}/change-requests`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let emulator: RunningEmulator;
let server: ByteServer;
beforeAll(async () => {
  // Today's contract, where the operation lives; every answer is held to its document (strict).
  emulator = await startTestEmulator({ contract: 'current' });
  server = await startByteServer();
});
afterAll(async () => {
  await emulator.close();
  await server.close();
});
beforeEach(() => emulator.reset());

async function openCr(): Promise<string> {
  const res = await call(emulator, 'POST', CRS, { as: 'edit', body: { subject: 'Batch' } });
  expect(res.status).toBe(201);
  return json(res.body).id as string;
}

/** One content batch with the new answer shape (`compat=false`). */
function batch(cr: string, changes: unknown[], as: TokenRole = 'edit') {
  return call(emulator, 'POST', `${CRS}/${cr}/content`, { as, body: { changes }, query: { compat: false } });
}

/** A batch that must apply: its body satisfies today's document, and the emulator applies it. */
async function applied(cr: string, changes: unknown[]): Promise<Record<string, any>> {
  const operation = currentContract.operations.find('POST', `/spaces/space-docs/change-requests/${cr}/content`)!;
  expect(currentContract.checkRequest(operation, { changes })).toEqual([]);
  const res = await batch(cr, changes);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return json(res.body);
}

/** The change request's pages as `path → id`, depth first, and the pages themselves by path. */
async function tree(cr: string): Promise<{ paths: string[]; ids: Record<string, string>; pages: Record<string, any> }> {
  const pages = json((await call(emulator, 'GET', `${CRS}/${cr}/content/pages`)).body).pages as any[];
  const out = { paths: [] as string[], ids: {} as Record<string, string>, pages: {} as Record<string, any> };
  const visit = (list: any[]): void => {
    for (const page of list) {
      out.paths.push(page.path);
      out.ids[page.path] = page.id;
      out.pages[page.path] = page;
      visit(page.pages ?? []);
    }
  };
  visit(pages);
  return out;
}

async function pageByPath(cr: string, path: string): Promise<Record<string, any>> {
  const res = await call(emulator, 'GET', `${CRS}/${cr}/content/path/${path}`);
  expect(res.status).toBe(200);
  return json(res.body);
}

async function errorOf(cr: string, changes: unknown[]): Promise<string> {
  const res = await batch(cr, changes);
  expect(res.status).toBe(400);
  return json(res.body).error.message as string;
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

describe('content batches (POST CR/content)', () => {
  it('inserts pages whose markdown frontmatter and heading set the metadata, and lists them in the answer', async () => {
    const cr = await openCr();
    const markdown =
      '---\ndescription: How to begin.\nhidden: true\nicon: rocket\nlayout:\n  outline:\n    visible: false\n---\n# Getting started\n\nFirst steps.\n';
    const answer = await applied(cr, [
      { operation: 'insert_page', title: 'Ignored, the heading wins', slug: 'start', ref: 'start-page', document: { markdown } },
      { operation: 'insert_page', title: 'Child', into: (await tree(cr)).ids.guides, at: 0, document: { markdown: 'No heading.\n' } },
    ]);
    const after = await tree(cr);
    expect(after.paths).toEqual(['introduction', 'guides', 'guides/child', 'guides/install', 'start']);
    const start = await pageByPath(cr, 'start');
    expect(start).toMatchObject({
      title: 'Getting started',
      description: 'How to begin.',
      hidden: true,
      icon: 'rocket',
      markdown: '# Getting started\n\nFirst steps.\n',
    });
    expect(start.layout).toMatchObject({ outline: false, title: true, tableOfContents: true });
    expect(after.pages['guides/child']).toMatchObject({ title: 'Child', slug: 'child' });
    expect(after.pages['guides/child'].layout).toMatchObject({ outline: true });

    expect(answer.changeRequest).toMatchObject({ id: cr, object: 'change-request' });
    expect(answer.changes).toEqual([
      {
        object: 'created_page',
        ref: 'start-page',
        page: {
          object: 'page',
          id: start.id,
          urls: { location: expect.stringMatching(new RegExp(`/v1/spaces/space-docs/change-requests/${cr}/content/page/${start.id}$`)) },
        },
      },
      { object: 'created_page', page: expect.objectContaining({ id: after.ids['guides/child'] }) },
    ]);
    expect(answer.insertedFiles).toEqual([]);
    const located = await fetch(answer.changes[0].page.urls.location, { headers: { authorization: 'Bearer emulator-read' } });
    expect(((await located.json()) as { id: string }).id).toBe(start.id);
  });

  it('advances the change request by one revision per batch; main is untouched until the merge', async () => {
    const cr = await openCr();
    const before = json((await call(emulator, 'GET', `${CRS}/${cr}`)).body);
    const res = await call(emulator, 'POST', `${CRS}/${cr}/content`, {
      as: 'edit',
      body: { changes: [{ operation: 'insert_page', document: { markdown: '# One\n' } }] },
    });
    expect(res.status).toBe(200);
    // The default answer (compat) is the change request itself.
    const after = json(res.body);
    expect(after).toMatchObject({ object: 'change-request', id: cr, revisionInitial: before.revisionInitial, outdated: false });
    expect(after.revision).not.toBe(before.revision);
    expect(emulator.state.revisions.get(after.revision)?.parents).toEqual([before.revision]);
    const main = json((await call(emulator, 'GET', `${SPACE}/content/pages`)).body).pages.map((p: any) => p.path);
    expect(main).toEqual(['introduction', 'guides']);
    // Both answer shapes were held to today's document, and passed.
    const checked = emulator.conformance()?.find((o) => o.operationId === 'updateChangeRequestContent');
    expect(checked?.statuses['200']?.[0]).toBeGreaterThanOrEqual(1);
    expect(checked?.statuses['200']?.[1]).toBe(0);
  });

  it('updates a page: document, title and metadata, frontmatter winning and standing for the whole page', async () => {
    const cr = await openCr();
    const id = (await tree(cr)).ids.introduction!;
    await applied(cr, [
      {
        operation: 'update_page',
        page: id,
        emoji: '🎉',
        noIndex: true,
        condition: 'visitor.claims.beta',
        document: { markdown: '---\ndescription: Old.\n---\n# Intro\n' },
      },
    ]);
    expect(await pageByPath(cr, 'introduction')).toMatchObject({
      id,
      title: 'Intro',
      description: 'Old.',
      emoji: '🎉',
      noIndex: true,
      condition: 'visitor.claims.beta',
      markdown: '# Intro\n',
    });

    // Markdown without a description clears it; `""` removes the emoji; a metadata-only update keeps the document.
    const answer = await applied(cr, [
      { operation: 'update_page', page: id, description: 'Given, but the markdown has none', document: { markdown: 'Plain body.\n' } },
      { operation: 'update_page', page: id, emoji: '', title: 'Renamed' },
    ]);
    const page = await pageByPath(cr, 'introduction');
    expect(page).toMatchObject({ id, title: 'Renamed', description: 'Given, but the markdown has none', markdown: 'Plain body.\n' });
    expect(page).not.toHaveProperty('emoji');
    expect(answer.changes).toEqual([{ object: 'updated_page', page: expect.objectContaining({ id }) }]);
    await applied(cr, [{ operation: 'update_page', page: id, document: { markdown: 'Only a body.\n' } }]);
    expect(await pageByPath(cr, 'introduction')).not.toHaveProperty('description');
  });

  it('moves pages with into/at, keeping their ids; subpages follow; a move under itself is refused', async () => {
    const cr = await openCr();
    const { ids } = await tree(cr);
    const [intro, guides, install] = [ids.introduction!, ids.guides!, ids['guides/install']!];
    await applied(cr, [
      { operation: 'update_page', page: install, into: null, at: 0 },
      { operation: 'update_page', page: guides, into: intro },
    ]);
    let after = await tree(cr);
    expect(after.paths).toEqual(['install', 'introduction', 'introduction/guides']);
    expect(after.ids).toEqual({ install, introduction: intro, 'introduction/guides': guides });

    // Back under guides at the front, then reordered without changing parent, and renamed by slug.
    await applied(cr, [
      { operation: 'update_page', page: install, into: guides },
      { operation: 'insert_page', into: guides, document: { markdown: '# Setup\n' } },
      { operation: 'update_page', page: install, at: 1, slug: 'installation' },
      { operation: 'update_page', page: intro, title: 'Welcome' },
    ]);
    after = await tree(cr);
    expect(after.paths).toEqual(['introduction', 'introduction/guides', 'introduction/guides/setup', 'introduction/guides/installation']);
    expect(after.ids['introduction/guides/installation']).toBe(install);
    expect(after.pages.introduction.title).toBe('Welcome');

    expect(await errorOf(cr, [{ operation: 'update_page', page: intro, into: guides }])).toMatch(/changes\.0\.into.*under itself/);
    expect(await errorOf(cr, [{ operation: 'update_page', page: intro, into: 'page_nope' }])).toMatch(/changes\.0\.into.*page_nope/);
  });

  it('refuses a slug a sibling already has, and a slug that is not one path segment', async () => {
    const cr = await openCr();
    const { ids } = await tree(cr);
    expect(await errorOf(cr, [{ operation: 'insert_page', slug: 'guides', document: { markdown: '# Other guides\n' } }])).toMatch(/changes\.0\.slug.*"guides"/);
    expect(await errorOf(cr, [{ operation: 'insert_page', document: { markdown: '# Introduction\n' } }])).toMatch(/changes\.0\.slug/);
    expect(
      await errorOf(cr, [
        { operation: 'update_page', page: ids['guides/install'], into: null, at: 0 },
        { operation: 'update_page', page: ids.introduction, slug: 'install' },
      ]),
    ).toMatch(/changes\.1\.slug/);
    expect(await errorOf(cr, [{ operation: 'update_page', page: ids.introduction, slug: 'a/b' }])).toMatch(/changes\.0\.slug.*path segment/);
  });

  it('deletes a page with its subpages', async () => {
    const cr = await openCr();
    const { ids } = await tree(cr);
    const answer = await applied(cr, [{ operation: 'delete_page', page: ids.guides }]);
    expect((await tree(cr)).paths).toEqual(['introduction']);
    expect(answer.changes).toEqual([
      { object: 'deleted_page', page: ids.guides },
      { object: 'deleted_page', page: ids['guides/install'] },
    ]);
    // A page inserted and deleted in the same batch never shows up.
    const inserted = await applied(cr, [{ operation: 'insert_page', slug: 'temp', document: { markdown: '# Temp\n' } }]);
    const temp = inserted.changes[0].page.id as string;
    expect(
      (
        await applied(cr, [
          { operation: 'update_page', page: temp, title: 'T' },
          { operation: 'delete_page', page: temp },
        ])
      ).changes,
    ).toEqual([{ object: 'deleted_page', page: temp }]);
    expect(await errorOf(cr, [{ operation: 'delete_page', page: temp }])).toMatch(/changes\.0\.page/);
  });

  it('reverts pages to the base revision or a given one: edits undone, added pages removed, deleted pages restored', async () => {
    const cr = await openCr();
    const { ids } = await tree(cr);
    const added = (
      await applied(cr, [
        { operation: 'update_page', page: ids.introduction, title: 'Changed', document: { markdown: '---\ndescription: New.\n---\nNew body.\n' } },
        { operation: 'delete_page', page: ids.guides },
        { operation: 'insert_page', slug: 'extra', document: { markdown: '# Extra\n' } },
      ])
    ).changes.find((c: any) => c.object === 'created_page').page.id as string;
    const middle = json((await call(emulator, 'GET', `${CRS}/${cr}`)).body).revision as string;
    await applied(cr, [{ operation: 'update_page', page: added, document: { markdown: '# Extra, edited\n' } }]);

    await applied(cr, [{ operation: 'revert_page', page: added, revision: middle }]);
    expect((await pageByPath(cr, 'extra')).title).toBe('Extra');
    const answer = await applied(cr, [
      { operation: 'revert_page', page: ids.introduction },
      { operation: 'revert_page', page: ids.guides },
      { operation: 'revert_page', page: added },
    ]);
    const after = await tree(cr);
    expect(after.ids).toEqual({ introduction: ids.introduction, guides: ids.guides, 'guides/install': ids['guides/install'] });
    const intro = await pageByPath(cr, 'introduction');
    expect(intro).toMatchObject({ title: 'Introduction', markdown: '# Introduction\n\nWelcome to the product docs.\n' });
    expect(intro).not.toHaveProperty('description');
    expect(answer.changes.map((c: any) => [c.object, c.page.id ?? c.page])).toEqual([
      ['updated_page', ids.introduction],
      // Back in the change request, with the ids they had.
      ['created_page', ids.guides],
      ['created_page', ids['guides/install']],
      ['deleted_page', added],
    ]);
    expect(await errorOf(cr, [{ operation: 'revert_page', page: ids.introduction, revision: 'rev_nope' }])).toMatch(/changes\.0\.revision/);
    expect(await errorOf(cr, [{ operation: 'revert_page', page: ids.introduction, block: ['b1'] }])).toMatch(/changes\.0\.block\.0/);
  });

  it('applies all or nothing: a bad change late in a batch leaves the change request as it was', async () => {
    const cr = await openCr();
    const { ids } = await tree(cr);
    const before = json((await call(emulator, 'GET', `${CRS}/${cr}`)).body).revision as string;
    const good = [
      { operation: 'insert_page', slug: 'new', document: { markdown: '# New\n' } },
      { operation: 'update_page', page: ids.introduction, title: 'Changed' },
      { operation: 'delete_page', page: ids.guides },
      { operation: 'insert_files', files: [{ name: 'a.png', contentType: 'image/png', base64: base64(PNG) }] },
    ];
    expect(await errorOf(cr, [...good, { operation: 'update_page', page: 'page_missing', title: 'x' }])).toMatch(
      /"changes\.4\.page".*page_missing.*Nothing in the batch was applied/,
    );
    server.set('/missing-later.png', PNG);
    expect(await errorOf(cr, [...good, { operation: 'insert_files', files: [{ name: 'b.png', url: server.url('/not-there.png') }] }])).toMatch(
      /"changes\.4\.files\.0\.url".*404/,
    );
    expect(json((await call(emulator, 'GET', `${CRS}/${cr}`)).body).revision).toBe(before);
    expect((await tree(cr)).paths).toEqual(['introduction', 'guides', 'guides/install']);
    expect(json((await call(emulator, 'GET', `${CRS}/${cr}/content/files`)).body).items).toEqual([]);
    expect(emulator.stats().contentBatches).toEqual({ calls: 0, changes: 0, largest: 0 });
  });

  it('validates the body per the document, naming the field', async () => {
    const cr = await openCr();
    const page = { operation: 'insert_page', document: { markdown: '# P\n' } };
    const png = { name: 'p.png', contentType: 'image/png', base64: base64(PNG) };
    expect(await errorOf(cr, [])).toMatch(/"changes"/);
    expect(
      await errorOf(
        cr,
        Array.from({ length: 51 }, () => page),
      ),
    ).toMatch(/"changes".*at most 50/);
    expect(await errorOf(cr, [{ operation: 'rename_page', page: 'x' }])).toMatch(/changes\.0/);
    expect(await errorOf(cr, [{ operation: 'insert_page' }])).toMatch(/changes\.0\.document/);
    expect(await errorOf(cr, [{ ...page, title: '' }])).toMatch(/changes\.0\.title/);
    expect(await errorOf(cr, [{ ...page, at: -1 }])).toMatch(/changes\.0\.at/);
    expect(await errorOf(cr, [{ ...page, slug: 's'.repeat(101) }])).toMatch(/changes\.0\.slug/);
    expect(await errorOf(cr, [{ operation: 'insert_page', document: { markdown: '# P\n', document: {} } }])).toMatch(/changes\.0\.document/);
    expect(await errorOf(cr, [{ operation: 'insert_page', document: { document: { object: 'document', data: {}, nodes: [] } } }])).toMatch(
      /changes\.0\.document\.document.*markdown/,
    );
    expect(await errorOf(cr, [{ operation: 'insert_files', files: [] }])).toMatch(/changes\.0\.files/);
    expect(await errorOf(cr, [{ operation: 'insert_files', files: Array.from({ length: 21 }, () => png) }])).toMatch(/changes\.0\.files/);
    expect(await errorOf(cr, [{ operation: 'insert_files', files: [{ name: 'p.png', base64: base64(PNG) }] }])).toMatch(/changes\.0\.files\.0\.contentType/);
    expect(await errorOf(cr, [{ operation: 'insert_files', files: [{ name: 'p.png' }] }])).toMatch(/changes\.0\.files\.0\.url.*exactly one/);
    expect(await errorOf(cr, [{ operation: 'insert_files', files: [{ ...png, url: server.url('/p.png') }] }])).toMatch(
      /changes\.0\.files\.0\.url.*exactly one/,
    );
    expect(await errorOf(cr, [{ operation: 'insert_files', files: [{ ...png, name: '' }] }])).toMatch(/changes\.0\.files\.0\.name/);
    expect(await errorOf(cr, [{ operation: 'insert_files', files: [{ ...png, base64: 'not base64!' }] }])).toMatch(/changes\.0\.files\.0\.base64/);
    expect(await errorOf(cr, [{ operation: 'insert_files', files: [{ ...png, base64: base64(new Uint8Array(1024 * 1024 + 1)) }] }])).toMatch(
      /changes\.0\.files\.0\.base64.*1048576/,
    );
  });

  it('refuses exactly the bodies today’s document refuses (and a JSON document, which it has no markdown for)', async () => {
    const cr = await openCr();
    const operation = currentContract.operations.find('POST', `/spaces/space-docs/change-requests/${cr}/content`)!;
    const png = { name: 'p.png', contentType: 'image/png', base64: base64(PNG) };
    const bodies: Array<[string, unknown]> = [
      ['no changes', { changes: [] }],
      ['51 changes', { changes: Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'p' })) }],
      ['unknown operation', { changes: [{ operation: 'rename_page', page: 'p' }] }],
      ['insert without document', { changes: [{ operation: 'insert_page' }] }],
      ['empty title', { changes: [{ operation: 'insert_page', title: '', document: {} }] }],
      ['negative at', { changes: [{ operation: 'insert_page', at: -1, document: {} }] }],
      ['long slug', { changes: [{ operation: 'insert_page', slug: 's'.repeat(101), document: {} }] }],
      ['long emoji', { changes: [{ operation: 'update_page', page: 'p', emoji: 'e'.repeat(51) }] }],
      ['update without page', { changes: [{ operation: 'update_page', title: 'T' }] }],
      ['into a number', { changes: [{ operation: 'update_page', page: 'p', into: 3 }] }],
      ['no files', { changes: [{ operation: 'insert_files', files: [] }] }],
      ['21 files', { changes: [{ operation: 'insert_files', files: Array.from({ length: 21 }, () => png) }] }],
      ['file without name', { changes: [{ operation: 'insert_files', files: [{ contentType: 'image/png', base64: 'AA==' }] }] }],
      ['file without source', { changes: [{ operation: 'insert_files', files: [{ name: 'p.png' }] }] }],
      ['file with both sources', { changes: [{ operation: 'insert_files', files: [{ ...png, url: 'https://example.com/p.png' }] }] }],
      ['long file name', { changes: [{ operation: 'insert_files', files: [{ ...png, name: 'n'.repeat(257) }] }] }],
      ['delete without page', { changes: [{ operation: 'delete_page' }] }],
      ['revert with a block that is not text', { changes: [{ operation: 'revert_page', page: 'p', block: [1] }] }],
    ];
    for (const [label, body] of bodies) {
      expect(currentContract.checkRequest(operation, body), label).not.toEqual([]);
      expect((await call(emulator, 'POST', `${CRS}/${cr}/content`, { as: 'edit', body })).status, label).toBe(400);
    }
    const jsonDocument = { changes: [{ operation: 'insert_page', document: { document: { object: 'document', data: {}, nodes: [] } } }] };
    expect(currentContract.checkRequest(operation, jsonDocument)).toEqual([]);
    expect(await errorOf(cr, jsonDocument.changes)).toMatch(/changes\.0\.document\.document.*markdown/);
  });

  it('accepts the limits themselves: 50 changes, 20 files, 1 MiB inline', async () => {
    const cr = await openCr();
    const pages = Array.from({ length: 49 }, (_, n) => ({ operation: 'insert_page', slug: `p${n}`, document: { markdown: `# Page ${n}\n` } }));
    const files = Array.from({ length: 20 }, (_, n) => ({
      name: `f${n}.bin`,
      contentType: 'application/octet-stream',
      base64: base64(new Uint8Array(n === 0 ? 1024 * 1024 : 1)),
    }));
    const answer = await applied(cr, [...pages, { operation: 'insert_files', files }]);
    expect(answer.changes).toHaveLength(49);
    expect(answer.insertedFiles).toHaveLength(20);
    expect(answer.insertedFiles[0]).toMatchObject({ name: 'f0.bin', size: 1024 * 1024, contentType: 'application/octet-stream' });
    expect(emulator.stats().contentBatches).toEqual({ calls: 1, changes: 50, largest: 50 });
    expect(emulator.stats().routes).toContainEqual({
      method: 'POST',
      route: '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
      status: 200,
      count: 1,
    });
  });

  it('resolves refs to files and pages of the same batch in any order; covers and file blocks too', async () => {
    const cr = await openCr();
    server.set('/diagram.svg', '<svg/>', 'image/svg+xml');
    const answer = await applied(cr, [
      {
        operation: 'insert_page',
        slug: 'tour',
        document: {
          markdown:
            '---\ncover: ./logo.png\ncoverY: 12\n---\n# Tour\n\n![Logo](./logo.png) and ![Diagram](<./assets/diagram.svg>), see [next](./next-ref.md#part) or [site](https://example.com/logo.png).\n\n<img src="./logo.png" alt="x">\n\n{% file src="./assets/diagram.svg" %}\nThe diagram\n{% endfile %}\n',
        },
      },
      { operation: 'insert_page', ref: 'next-ref', slug: 'next', document: { markdown: '# Next\n\nBack to [the tour](./tour.md).\n' } },
      {
        operation: 'insert_files',
        files: [
          { ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: base64(PNG) },
          { ref: 'assets/diagram.svg', name: 'diagram.svg', url: server.url('/diagram.svg') },
        ],
      },
    ]);
    const [logo, diagram] = answer.insertedFiles as any[];
    expect(logo).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: PNG.byteLength });
    expect(diagram).toMatchObject({ name: 'diagram.svg', contentType: 'image/svg+xml', size: 6 });
    const next = answer.changes[1].page.id as string;
    const tour = await pageByPath(cr, 'tour');
    expect(tour.markdown).toBe(
      `# Tour\n\n![Logo](/files/${logo.id}) and ![Diagram](</files/${diagram.id}>), see [next](/pages/${next}#part) or [site](https://example.com/logo.png).\n\n<img src="/files/${logo.id}" alt="x">\n\n{% file src="/files/${diagram.id}" %}\nThe diagram\n{% endfile %}\n`,
    );
    expect(tour.cover).toEqual({ ref: { kind: 'file', file: logo.id }, yPos: 12 });
    // A link to a page by its path is not a ref: kept as written.
    expect((await pageByPath(cr, 'next')).markdown).toBe('# Next\n\nBack to [the tour](./tour.md).\n');
    expect(new Uint8Array(await (await fetch(logo.downloadURL)).arrayBuffer())).toEqual(PNG);
    expect(await (await fetch(diagram.downloadURL)).text()).toBe('<svg/>');
    const listed = json((await call(emulator, 'GET', `${CRS}/${cr}/content/files`)).body).items.map((f: any) => f.id);
    expect(listed).toEqual([logo.id, diagram.id]);

    expect(
      await errorOf(cr, [
        {
          operation: 'insert_files',
          files: [
            { ref: 'x', name: 'a', contentType: 'text/plain', base64: 'YQ==' },
            { ref: 'x', name: 'b', contentType: 'text/plain', base64: 'YQ==' },
          ],
        },
      ]),
    ).toMatch(/changes\.0\.files\.1\.ref.*unique/);
    expect(await errorOf(cr, [{ operation: 'insert_page', ref: 'introduction', document: { markdown: '# I2\n' } }])).toMatch(/changes\.0\.ref.*path of page/);
  });

  it('takes the contentType given over the one a URL serves', async () => {
    const cr = await openCr();
    server.set('/data', 'a,b\n', 'application/octet-stream');
    const answer = await applied(cr, [{ operation: 'insert_files', files: [{ name: 'data.csv', url: server.url('/data'), contentType: 'text/csv' }] }]);
    expect(answer.insertedFiles[0]).toMatchObject({ name: 'data.csv', contentType: 'text/csv', size: 4 });
  });

  it('merges afterwards into main, moved pages keeping their ids, and stays mergeable once main moved on', async () => {
    const cr = await openCr();
    const { ids } = await tree(cr);
    await applied(cr, [
      { operation: 'update_page', page: ids['guides/install'], into: null },
      { operation: 'insert_page', into: ids.guides, slug: 'setup', document: { markdown: '---\ndescription: Set up.\n---\n# Setup\n' } },
      // Two files of one name (from two folders of a repository): both stay, through the merge too.
      {
        operation: 'insert_files',
        files: [
          { name: 'logo.png', contentType: 'image/png', base64: base64(PNG) },
          { name: 'logo.png', contentType: 'image/png', base64: base64(PNG.slice(1)) },
        ],
      },
    ]);
    // Main moves on meanwhile: another change request merged first.
    const other = await openCr();
    await applied(other, [{ operation: 'update_page', page: ids.introduction, document: { markdown: '# Introduction\n\nEdited elsewhere.\n' } }]);
    expect(json((await call(emulator, 'POST', `${CRS}/${other}/merge`, { as: 'edit' })).body).result).toBe('merge');
    expect(json((await call(emulator, 'GET', `${CRS}/${cr}`)).body).outdated).toBe(true);
    expect(json((await call(emulator, 'POST', `${CRS}/${cr}/update`, { as: 'edit' })).body).result).toBe('update');
    await applied(cr, [{ operation: 'update_page', page: ids.guides, title: 'All guides' }]);

    const merged = await call(emulator, 'POST', `${CRS}/${cr}/merge`, { as: 'edit' });
    expect(json(merged.body).result).toBe('merge');
    const main = json((await call(emulator, 'GET', `${SPACE}/content`)).body);
    const paths: Record<string, any> = {};
    const visit = (list: any[]): void => list.forEach((p) => ((paths[p.path] = p), visit(p.pages ?? [])));
    visit(main.pages);
    expect(Object.keys(paths)).toEqual(['introduction', 'guides', 'guides/setup', 'install']);
    expect(paths.install.id).toBe(ids['guides/install']);
    expect(paths.guides.title).toBe('All guides');
    expect(paths['guides/setup'].description).toBe('Set up.');
    expect((await call(emulator, 'GET', `${SPACE}/content/path/introduction`)).body).toMatchObject({ markdown: '# Introduction\n\nEdited elsewhere.\n' });
    expect(main.files.map((f: any) => [f.name, f.size])).toEqual([
      ['logo.png', PNG.byteLength],
      ['logo.png', PNG.byteLength - 1],
    ]);
    expect((await batch(cr, [{ operation: 'insert_page', document: {} }])).status).toBe(409);
  });

  it('needs the edit role, and a change request that is still open', async () => {
    const cr = await openCr();
    const changes = [{ operation: 'insert_page', document: { markdown: '# P\n' } }];
    expect((await batch(cr, changes, 'review')).status).toBe(403);
    expect((await batch(cr, changes, 'read')).status).toBe(403);
    expect((await call(emulator, 'POST', `${CRS}/${cr}/content`, { as: null, body: { changes } })).status).toBe(401);
    expect((await batch('cr_nope', changes)).status).toBe(404);
    await call(emulator, 'PATCH', `${CRS}/${cr}`, { as: 'edit', body: { status: 'archived' } });
    const archived = await batch(cr, changes);
    expect(archived.status).toBe(409);
    expect(json(archived.body).error.message).toContain('archived');
  });
});
