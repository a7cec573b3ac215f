import { zipSync } from 'fflate';
import { vi } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import type { ByteServer } from '../../support/byte-server.js';
import { textEntries } from '../../support/byte-server.js';
import { call, ORG, type CallOptions } from '../../support/emulator-harness.js';
import { git, tempTree } from '../../support/temp-tree.js';

/** One request of the walk, with the status the emulator must answer. */
type Run = (method: string, path: string, expected: number, options?: CallOptions) => Promise<any>;

/** Builds a walk runner that fails on the first unexpected status, quoting the answer. */
export function runner(emulator: RunningEmulator): Run {
  return async (method, path, expected, options) => {
    const answer = await call(emulator, method, path, options);
    if (answer.status !== expected) {
      throw new Error(`${method} ${path}: expected ${expected}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 600)}`);
    }
    return answer.body;
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A GitBook-format repository with an image, a link between pages and front matter. */
const WALK_REPO: Record<string, string | Uint8Array> = {
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
  'README.md': '---\ndescription: Start here.\n---\n# Welcome\n\nSee the [guide](guide.md).\n\n![Logo](.gitbook/assets/logo.png)\n',
  'guide.md': '---\nhidden: true\n---\n# Guide\n\nSteps.\n',
  '.gitbook/assets/logo.png': PNG,
};

export function walkRepoZip(): Uint8Array {
  return zipSync(textEntries(Object.fromEntries(Object.entries(WALK_REPO).map(([file, data]) => [`repo/${file}`, data]))));
}

/** The same repository as a git repository on disk, committed on `main`; returns its path. */
export async function walkRepoGit(): Promise<string> {
  const dir = await tempTree(WALK_REPO);
  git(dir, 'init', '--quiet');
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'Docs for the walk');
  return dir;
}

const O = `/v1/orgs/${ORG}`;

/** The git import runs after its 204: the space's content carries the commit once it landed. */
async function importLanded(run: Run, spaceId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const revision = await run('GET', `/v1/spaces/${spaceId}/content`, 200);
      if (revision.git?.oid === undefined) throw new Error(`the git import into ${spaceId} has not landed`);
    },
    { timeout: 30_000, interval: 20 },
  );
}

/**
 * Calls every operation the emulator implements at least once with a 2xx answer, as the admin of
 * the fixture's organization (`space` and `site` name a space and a site of it), creating what it
 * needs on the way and deleting it at the end. Strict mode checks every answer.
 */
export async function walkEveryOperation(emulator: RunningEmulator, files: ByteServer, space: string, site: string): Promise<void> {
  const run = runner(emulator);
  // Operations only the seed's document has (0.202.0 removed content import, page links and file
  // backlinks, and adding or removing a group's sections: a section's PATCH sets its group).
  const seed = emulator.options.contract === 'seed';
  files.set('/walk.zip', walkRepoZip(), 'application/zip');
  files.set('/walk.md', '# From markdown\n\nText.\n', 'text/markdown');
  files.set('/petstore.yaml', 'openapi: 3.0.0\ninfo: {title: Pets, version: "1"}\npaths: {}\n', 'text/yaml');

  // API information and the caller.
  await run('GET', '/v1/', 200);
  await run('GET', '/v1/user', 200);

  // Spaces, and a git import into a new one.
  await run('GET', `${O}/spaces`, 200);
  const made = await run('POST', `${O}/spaces`, 201, { body: { title: 'Walk space', emoji: '1f4da' } });
  await run('GET', `/v1/spaces/${made.id}`, 200);
  await run('PATCH', `/v1/spaces/${made.id}`, 200, { body: { title: 'Walked space', defaultLevel: 'inherit', editMode: 'locked' } });
  await run('POST', `/v1/spaces/${made.id}/git/import`, 204, { body: { url: `file://${await walkRepoGit()}`, ref: 'refs/heads/main' } });
  await importLanded(run, made.id);
  await run('GET', `/v1/spaces/${made.id}/content/path/guide`, 200);
  await run('DELETE', `/v1/spaces/${made.id}`, 205);

  // Organizations.
  await run('GET', '/v1/orgs', 200);
  await run('GET', O, 200);
  await run('PATCH', O, 200, { body: { title: 'Emulator Inc.' } });
  await run('POST', `${O}/ping`, 200);
  await run('GET', '/v1/email-domains/emulator.test/orgs', 200);
  emulator.state.linkInvites.set('invite-walk', { id: 'invite-walk', organization: ORG, role: 'read' });
  await run('DELETE', `${O}/link-invites/invite-walk`, 205);

  // Members.
  await run('GET', `${O}/members`, 200);
  await run('GET', `${O}/members/user-read`, 200);
  await run('PATCH', `${O}/members/user-read`, 200, { body: { role: 'read' } });
  await run('POST', `${O}/members/user-read/sso`, 200);
  await run('GET', `${O}/members/user-read/spaces`, 200);
  await run('GET', `${O}/members/user-read/teams`, 200);

  // Teams.
  const team = await run('PUT', `${O}/teams`, 201, { body: { title: 'Writers' } });
  await run('GET', `${O}/teams`, 200);
  await run('GET', `${O}/teams/${team.id}`, 200);
  await run('PATCH', `${O}/teams/${team.id}`, 200, { body: { title: 'Editors' } });
  await run('PUT', `${O}/teams/${team.id}/members`, 204, { body: { add: ['user-edit'] } });
  await run('PUT', `${O}/teams/${team.id}/members/user-read`, 204, { body: { role: 'member' } });
  await run('GET', `${O}/teams/${team.id}/members`, 200);
  await run('DELETE', `${O}/teams/${team.id}/members/user-read`, 204);

  // SAML and SSO.
  const saml = await run('POST', `${O}/saml`, 201, { body: { label: 'Okta', defaultTeam: team.id, defaultRole: 'read' } });
  await run('GET', `${O}/saml`, 200);
  await run('GET', `${O}/saml/${saml.id}`, 200);
  await run('PATCH', `${O}/saml/${saml.id}`, 200, { body: { label: 'Okta SSO', ssoURL: 'https://idp.example.com/sso', entityID: 'https://idp.example.com' } });
  await run('GET', `${O}/sso`, 200);
  await run('DELETE', `${O}/saml/${saml.id}`, 204);
  await run('DELETE', `${O}/teams/${team.id}`, 204);

  // Translations.
  const translation = await run('POST', `${O}/translations`, 201, { body: { source: { space, language: 'en' }, language: 'fr' } });
  await run('GET', `${O}/translations`, 200);
  await run('GET', `${O}/translations/${translation.id}`, 200);
  await run('PUT', `${O}/translations/${translation.id}`, 200, { body: { instructions: { object: 'document', data: {}, nodes: [] } } });
  await run('DELETE', `${O}/translations/${translation.id}`, 205);

  // Collections.
  const collection = await run('POST', `${O}/collections`, 201, { body: { title: 'Handbooks' } });
  const child = await run('POST', `${O}/collections`, 201, { body: { title: 'Nested', parent: collection.id } });
  await run('GET', `${O}/collections`, 200, { query: { nested: true } });
  await run('GET', `/v1/collections/${collection.id}`, 200);
  await run('PATCH', `/v1/collections/${collection.id}`, 200, { body: { description: 'All handbooks' } });
  await run('GET', `/v1/collections/${collection.id}/spaces`, 200);
  await run('POST', `/v1/collections/${child.id}/move`, 200, { body: { parent: null, position: {} } });
  await run('POST', `/v1/collections/${child.id}/transfer`, 200, { body: { organization: 'org-partner' } });
  await run('DELETE', `/v1/collections/${collection.id}`, 205);

  // Content of the space, imports and links.
  const S = `/v1/spaces/${space}`;
  if (seed) {
    await run('POST', `${S}/content/import`, 201, { body: { source: 'markdown', url: files.url('/walk.md') } });
    await run('POST', `${S}/content/import`, 201, { body: { source: 'zip', url: files.url('/walk.zip') } });
  } else {
    await run('POST', `${S}/git/import`, 204, { body: { url: `file://${await walkRepoGit()}`, ref: 'refs/heads/main' } });
    await importLanded(run, space);
  }
  const revision = await run('GET', `${S}/content`, 200);
  await run('GET', `${S}/content`, 200, { query: { metadata: false } });
  const pages = await run('GET', `${S}/content/pages`, 200);
  const page = pages.pages[0];
  const fileList = await run('GET', `${S}/content/files`, 200);
  const file = fileList.items[0] ?? revision.files[0];
  await run('GET', `${S}/content/files/${file.id}`, 200);
  await run('GET', `${S}/content/page/${page.id}`, 200);
  await run('GET', `${S}/content/page/${page.id}`, 200, { query: { format: 'markdown' } });
  if (seed) await run('GET', `${S}/content/page/${page.id}/links`, 200);
  await run('GET', `${S}/content/path/${page.path}`, 200);
  const R = `${S}/revisions/${revision.id}`;
  await run('GET', R, 200);
  await run('GET', `${R}/pages`, 200);
  await run('GET', `${R}/files`, 200);
  await run('GET', `${R}/files/${file.id}`, 200);
  await run('GET', `${R}/page/${page.id}`, 200);
  await run('GET', `${R}/path/${page.path}`, 200);
  if (seed) await run('GET', `${S}/content/files/${file.id}/backlinks`, 200);
  await run('GET', `${S}/search`, 200, { query: { query: 'guide' } });
  await run('GET', `${O}/search`, 200, { query: { query: 'guide' } });

  // Change requests and their content.
  const cr = await run('POST', `${S}/change-requests`, 201, { body: { subject: 'Walk' } });
  const CR = `${S}/change-requests/${cr.id}`;
  await run('GET', `${S}/change-requests`, 200);
  await run('GET', CR, 200);
  await run('PATCH', CR, 200, { body: { subject: 'Walk through' } });
  if (seed) await run('POST', `${CR}/content/import`, 201, { body: { source: 'zip', url: files.url('/walk.zip') } });
  // Today's way in: a batch of page changes (and a batch that breaks its schema: 400).
  if (!seed) await run('POST', `${CR}/content`, 200, { body: { changes: [{ operation: 'insert_page', document: { markdown: '# Walked in\n\nText.\n' } }] } });
  if (!seed) await run('POST', `${CR}/content`, 400, { body: { changes: [{ operation: 'insert_page' }] } });
  await run('GET', `${CR}/changes`, 200);
  await run('GET', `${CR}/content`, 200);
  const crPages = await run('GET', `${CR}/content/pages`, 200);
  const crPage = crPages.pages[0];
  await run('GET', `${CR}/content/page/${crPage.id}`, 200);
  if (seed) await run('GET', `${CR}/content/page/${crPage.id}/links`, 200);
  await run('GET', `${CR}/content/path/${crPage.path}`, 200);
  const crFiles = await run('GET', `${CR}/content/files`, 200);
  await run('GET', `${CR}/content/files/${crFiles.items[0].id}`, 200);
  if (seed) await run('GET', `${CR}/content/files/${crFiles.items[0].id}/backlinks`, 200);
  await run('GET', `${CR}/pdf`, 200, { query: { only: true } });
  await run('POST', `${CR}/requested-reviewers`, 200, { body: { users: ['user-review'] } });
  await run('GET', `${CR}/requested-reviewers`, 200);
  await run('POST', `${CR}/reviews`, 201, { as: 'review', body: { status: 'approved' } });
  await run('GET', `${CR}/reviews`, 200);
  await run('DELETE', `${CR}/requested-reviewers/user-review`, 205);

  // Comments and replies, on the space and on the change request.
  for (const prefix of [S, CR]) {
    const target = prefix === S ? page.id : crPage.id;
    const comment = await run('POST', `${prefix}/comments`, 200, { body: { page: target, body: { markdown: 'Is this right?' } } });
    await run('GET', `${prefix}/comments`, 200);
    await run('GET', `${prefix}/comments/${comment.id}`, 200);
    await run('PUT', `${prefix}/comments/${comment.id}`, 200, { body: { addedReactions: ['👍'] } });
    const reply = await run('POST', `${prefix}/comments/${comment.id}/replies`, 200, { body: { body: { markdown: 'Yes.' } } });
    await run('GET', `${prefix}/comments/${comment.id}/replies`, 200);
    await run('GET', `${prefix}/comments/${comment.id}/replies/${reply.id}`, 200);
    if (prefix === S) {
      await run('PUT', `${prefix}/comments/${comment.id}/replies/${reply.id}`, 200, { body: { body: { markdown: 'Yes, it is.' } } });
      await run('DELETE', `${prefix}/comments/${comment.id}/replies/${reply.id}`, 205);
    }
    await run('PUT', `${prefix}/comments/${comment.id}`, 200, { body: { resolved: true } });
    await run('DELETE', `${prefix}/comments/${comment.id}`, 205);
  }
  await run('POST', `${CR}/update`, 200);
  const merged = await run('POST', `${CR}/merge`, 200);
  if (merged.revision !== undefined) await run('GET', `${S}/revisions/${merged.revision}/changes`, 200, { query: { limit: 50 } });
  await run('GET', `${R}/changes`, 200);
  await run('GET', `${S}/revisions/rev_nope/changes`, 404);

  // OpenAPI specifications.
  await run('POST', `${O}/openapi`, 201, { body: { slug: 'walk-pets', source: { url: files.url('/petstore.yaml') } } });
  await run('GET', `${O}/openapi`, 200);
  await run('GET', `${O}/openapi/walk-pets`, 200);
  await run('PUT', `${O}/openapi/walk-pets`, 200, { body: { source: { text: 'openapi: 3.0.0\ninfo: {title: Pets, version: "2"}\npaths: {}\n' } } });
  const versions = await run('GET', `${O}/openapi/walk-pets/versions`, 200);
  await run('GET', `${O}/openapi/walk-pets/versions/${versions.items[0].id}`, 200);
  await run('GET', `${O}/openapi/walk-pets/versions/${versions.items[0].id}/content`, 200);
  await run('DELETE', `${O}/openapi/walk-pets`, 205);

  // Sites and their structure.
  const SITE = `${O}/sites/${site}`;
  await run('GET', `${O}/sites`, 200);
  await run('GET', SITE, 200);
  await run('PATCH', SITE, 200, { body: { basename: 'docs', proxy: 'example.com/docs', adaptiveContent: { enabled: true } } });
  await run('GET', `${SITE}/published`, 200);
  await run('GET', `${SITE}/structure`, 200);
  await run('GET', `${SITE}/adaptive-schema`, 200);
  await run('PUT', `${SITE}/adaptive-schema`, 200, {
    body: {
      jsonSchema: {
        type: 'object',
        properties: {
          unsigned: {
            type: 'object',
            description: 'Unsigned claims of the site visitor.',
            properties: { isBeta: { type: 'boolean', description: 'Beta tester' } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
  });
  await run('GET', `${SITE}/adaptive-schema/template-conditions`, 200);
  const created = await run('POST', `${O}/sites`, 201, { body: { title: 'Walk site', visibility: 'share-link' } });
  const NEW = `${O}/sites/${created.id}`;
  const first = await run('POST', `${NEW}/sections`, 201, { body: { spaceId: space, title: 'Guides', icon: 'book' } });
  const second = await run('POST', `${NEW}/sections`, 201, { body: { spaceId: 'space-api', title: 'API' } });
  await run('GET', `${NEW}/sections`, 200);
  await run('PATCH', `${NEW}/sections/${first.id}`, 200, { body: { description: 'How to', condition: 'visitor.claims.unsigned.isBeta === true' } });
  await run('POST', `${NEW}/sections/${second.id}/move`, 200, { body: { position: { before: { type: 'site-section', siteSection: first.id } } } });
  const group = await run('POST', `${NEW}/section-groups`, 201, { body: { title: 'Reference', icon: 'code', sections: [second.id] } });
  await run('GET', `${NEW}/section-groups`, 200);
  await run('PATCH', `${NEW}/section-groups/${group.id}`, 200, { body: { title: 'APIs' } });
  if (seed) {
    await run('DELETE', `${NEW}/section-groups/${group.id}/sections/${second.id}`, 205);
    await run('POST', `${NEW}/section-groups/${group.id}/sections`, 201, { body: { sectionId: second.id } });
  } else {
    await run('PATCH', `${NEW}/sections/${second.id}`, 200, { body: { siteSectionGroupId: null } });
    await run('PATCH', `${NEW}/sections/${second.id}`, 200, { body: { siteSectionGroupId: group.id } });
  }
  await run('POST', `${NEW}/section-groups/${group.id}/move`, 200, { body: { position: { after: { type: 'site-section', id: first.id } } } });
  const variant = await run('POST', `${NEW}/site-spaces`, 201, { body: { spaceId: 'space-api', sectionId: first.id } });
  const siteSpaces = await run('GET', `${NEW}/site-spaces`, 200);
  await run('PATCH', `${NEW}/site-spaces/${variant.id}`, 200, { body: { path: 'v2', condition: 'visitor.claims.unsigned.isBeta === true' } });
  const other = siteSpaces.items.find((s: { id: string }) => s.id !== variant.id);
  await run('POST', `${NEW}/site-spaces/${variant.id}/move`, 200, { body: { position: { before: { type: 'site-space', siteSpace: other.id } } } });
  // Site redirects: one by one in both documents; in bulk, drafts, external and path destinations in today's.
  const apiPages = await run('GET', '/v1/spaces/space-api/content', 200);
  const toPage = { kind: 'site-page', siteSpaceId: variant.id, pageId: apiPages.pages[0].id };
  const redirect = await run('POST', `${NEW}/redirects`, 201, { body: { source: '/old/overview', destination: toPage } });
  await run('GET', `${NEW}/redirects`, 200);
  await run('PATCH', `${NEW}/redirects/${redirect.id}`, 200, { body: { destination: { kind: 'site-space', siteSpaceId: variant.id } } });
  if (!seed) {
    const upserts = [
      { source: '/old/overview', destination: toPage },
      { source: '/old/*', captureWildcard: true, destination: { kind: 'external', url: 'https://example.com/' } },
      { source: '/gone', destination: null },
    ];
    await run('PUT', `${NEW}/redirects`, 200, { body: { redirects: upserts } });
    await run('POST', `${NEW}/redirects`, 201, {
      body: { source: '/drafted', draft: true, permanent: true, destination: { kind: 'path', spaceId: 'space-api', path: apiPages.pages[0].path } },
    });
    await run('PUT', `${NEW}/redirects`, 200, { body: { redirects: [{ source: '/drafted', intent: 'publish' }] } });
    await run('GET', `${NEW}/redirects`, 200, { query: { draft: 'false', orderBy: 'source' } });
  }
  await run('DELETE', `${NEW}/redirects/${redirect.id}`, 205);
  const link = await run('POST', `${NEW}/share-links`, 201, { body: { name: 'partners' } });
  await run('GET', `${NEW}/share-links`, 200);
  await run('PATCH', `${NEW}/share-links/${link.id}`, 200, { body: { active: false } });
  await run('DELETE', `${NEW}/share-links/${link.id}`, 205);
  // Today's API: external links, one in a group (its `children`) and one moved to the root, both in the structure.
  const links = seed
    ? []
    : [
        await run('POST', `${NEW}/external-links`, 201, {
          body: { title: 'Status', url: 'https://status.example.com/', parent: group.id, description: 'Is it up?' },
        }),
        await run('POST', `${NEW}/external-links`, 201, { body: { title: 'Forum', url: 'https://forum.example.com/', icon: 'comments', condition: null } }),
      ];
  for (const external of links.slice(1)) await run('PATCH', `${NEW}/external-links/${external.id}`, 200, { body: { parent: group.id, description: null } });
  await run('GET', `${NEW}/section-groups`, 200);
  await run('GET', `${NEW}/structure`, 200);
  for (const external of links) await run('DELETE', `${NEW}/external-links/${external.id}`, 205);
  await run('POST', `${NEW}/unpublish`, 200);
  await run('POST', `${NEW}/publish`, 200);
  await run('DELETE', `${NEW}/site-spaces/${variant.id}`, 205);
  await run('DELETE', `${NEW}/section-groups/${group.id}`, 205);
  await run('DELETE', `${NEW}/sections/${second.id}`, 205);
  await run('DELETE', NEW, 205);

  // Roles too low: 403 bodies.
  await run('PATCH', O, 403, { as: 'read', body: { title: 'Nope' } });
  await run('POST', `${O}/spaces`, 403, { as: 'read', body: { title: 'Nope' } });
  await run('GET', `/v1/spaces/${space}`, 403, { as: 'guest' });
  await run('POST', `${S}/change-requests`, 403, { as: 'read', body: { subject: 'Nope' } });
  await run('PATCH', SITE, 403, { as: 'read', body: { title: 'Nope' } });

  // Last, as it removes a member the walk no longer needs.
  await run('DELETE', `${O}/members/user-guest`, 204);
}
