/** Minimal resources that pass the client's schemas. */

export const user = { object: 'user', id: 'u1', displayName: 'Ada' };
const at = '2024-01-01T00:00:00Z';

export const changeRequest = {
  object: 'change-request',
  id: 'cr1',
  number: 3,
  status: 'open',
  createdBy: user,
  createdAt: at,
  updatedAt: at,
  revision: 'r2',
  revisionInitial: 'r1',
  comments: 0,
  outdated: false,
  urls: { app: 'https://app.example/cr1', location: 'https://api.example/cr1' },
};

export const reviewer = { object: 'change-request-requested-reviewer', revision: 'r2', requestedBy: user, createdAt: at, kind: 'user', user };

export const page = { id: 'p1', title: 'Intro', type: 'document' };

export const revision = { object: 'revision', id: 'r2', parents: ['r1'], pages: [page], files: [], createdAt: at, type: 'edits' };

export const space = { object: 'space', id: 'sp1', title: 'Guide' };

export const site = {
  object: 'site',
  id: 'site1',
  type: 'basic',
  title: 'Docs',
  visibility: 'public',
  published: true,
  siteSpaces: 1,
  createdAt: at,
  agentsContext: 'included',
};

export const siteSpace = {
  object: 'site-space',
  id: 'ss1',
  path: 'guide',
  space,
  title: 'Guide',
  default: true,
  hasAdvancedCustomizationFeature: false,
  urls: {},
};

export const section = { object: 'site-section', id: 'sec1', title: 'Guides', default: true, path: 'guides', siteSpaces: [siteSpace], urls: {} };

export const sectionGroup = { object: 'site-section-group', id: 'g1', title: 'Group', sections: [section] };

export const shareLink = { object: 'share-link', id: 'sl1', createdAt: at, name: 'partners', active: true, urls: {} };

export const jsonSchema = {
  type: 'object',
  properties: {
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { beta: { type: 'boolean', description: 'In the beta programme' } },
      additionalProperties: false,
    },
    paid: { type: 'boolean' },
  },
  additionalProperties: false,
};

export const adaptiveSchema = { object: 'site-adaptive-schema', jsonSchema, updatedAt: at };

export const spec = {
  object: 'openapi-spec',
  id: 'spec1',
  createdAt: at,
  updatedAt: at,
  slug: 'petstore',
  processingState: 'pending',
  permissions: { view: true, edit: true },
  urls: { location: 'https://api.example/spec1', app: 'https://app.example/spec1' },
};

export const specVersion = { object: 'openapi-spec-version', id: 'v1', url: 'https://files.example/v1.yaml', urls: { location: 'https://api.example/v1' } };

export const organization = {
  object: 'organization',
  id: 'o1',
  title: 'Acme',
  createdAt: at,
  emailDomains: [],
  type: 'business',
  inviteLinks: false,
  plan: 'free_2024',
};

export function list<T>(...items: T[]): { items: T[] } {
  return { items };
}
