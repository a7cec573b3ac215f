import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';

const SPACE = '/v1/spaces/space-docs';

let emulator: RunningEmulator;
let server: ByteServer;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
  server = await startByteServer();
});
afterAll(async () => {
  await server.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

async function pages(): Promise<Record<string, any>[]> {
  return json((await call(emulator, 'GET', `${SPACE}/content/pages`)).body).pages;
}

async function markdownOf(pageId: string): Promise<string> {
  return json((await call(emulator, 'GET', `${SPACE}/content/page/${pageId}`)).body).markdown;
}

describe('import of a website or html page', () => {
  it('makes one page titled by <title>, with the text as markdown', async () => {
    server.set(
      '/blog/post.html',
      [
        '<!doctype html><html><head><title>Release &amp; notes</title><style>p{}</style></head>',
        '<body><nav>Home</nav><!-- hidden --><h1>Big news</h1><p>We shipped <b>v2</b>&nbsp;today.</p>',
        '<script>alert(1)</script><ul><li>Faster</li><li>Smaller</li></ul><h2>Next</h2><p>More soon.</p></body></html>',
      ].join(''),
      'text/html',
    );
    for (const source of ['website', 'html'] as const) {
      const res = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/blog/post.html'), source } });
      expect(res.status).toBe(201);
      expect(json(res.body)).toMatchObject({ importedResources: 1, totalResources: 1 });
      const list = await pages();
      expect(list.map((p) => [p.title, p.path])).toEqual([['Release & notes', 'release-notes']]);
      expect(await markdownOf(list[0]!.id)).toBe('Home\n\n# Big news\n\nWe shipped v2 today.\n\n- Faster\n\n- Smaller\n\n## Next\n\nMore soon.\n');
    }
  });

  it('falls back to the first <h1>, then to the URL, for the title', async () => {
    server.set('/h1', '<main><h1>Only a <em>heading</em></h1><p>x</p></main>', 'text/html');
    await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/h1'), source: 'website' } });
    expect((await pages()).map((p) => p.title)).toEqual(['Only a heading']);
    server.set('/guide/setup.html', '<p>No title at all &#x263A;</p>', 'text/html');
    await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/guide/setup.html'), source: 'website' } });
    const list = await pages();
    expect(list.map((p) => p.title)).toEqual(['setup']);
    expect(await markdownOf(list[0]!.id)).toBe('No title at all \u263A\n');
  });

  it('answers 400 naming the url when the site cannot be fetched', async () => {
    const res = await call(emulator, 'POST', `${SPACE}/content/import`, { body: { url: server.url('/missing'), source: 'website' } });
    expect(res.status).toBe(400);
    expect(json(res.body).error.message).toContain('"url"');
  });
});
