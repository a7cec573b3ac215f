import { z } from 'zod';
import { listEnvelope } from '../../api/schemas/common.js';
import { FileBacklinkSchema, LinkStatusSchema, PageLinksResponseSchema } from '../../api/schemas/content.js';
import { pageLinks, type FoundLink } from '../content/page-links.js';
import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { serializeFile } from '../serializers/serialize-file.js';
import { serializeOrganization } from '../serializers/serialize-organization.js';
import { serializeSpace } from '../serializers/serialize-space.js';
import { walkPages } from '../state/revisions.js';
import { CONTENT_PREFIXES, ContentParams, findContent, type ContentTarget } from './content-target.js';

/**
 * Links found in a page's markdown, and backlinks of a file (pages whose markdown names it), under
 * `S` and `CR`. Only the space form of `links` takes a `status` filter; `stats` always counts every
 * link of the page. `stats.broken.changeRequest` counts broken links of the change request's
 * version of the page (0 for the space form).
 */
export function contentLinkRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  for (const prefix of CONTENT_PREFIXES) {
    const query = prefix.kind === 'space' ? pageQuery.extend({ status: LinkStatusSchema.optional() }) : pageQuery;
    define({
      method: 'GET',
      url: `${prefix.url}/content/page/:pageId/links`,
      params: ContentParams.extend({ pageId: z.string() }),
      query,
      response: PageLinksResponseSchema,
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const page = [...walkPages(target.revision.pages)].find((p) => p.id === params.pageId);
        if (!page) throw notFound('Page', params.pageId);
        const links = pageLinks(page, target.revision);
        const status = 'status' in query ? query.status : undefined;
        const shown = status === undefined ? links : links.filter((link) => link.status === status);
        const broken = links.filter((link) => link.status === 'broken').length;
        return {
          ...paginate(shown, query, (link) => serializeLink(target, link)),
          stats: { total: links.length, broken: { total: broken, changeRequest: target.changeRequest ? broken : 0 } },
        };
      },
    });

    define({
      method: 'GET',
      url: `${prefix.url}/content/files/:fileId/backlinks`,
      params: ContentParams.extend({ fileId: z.string() }),
      query: pageQuery,
      response: listEnvelope(FileBacklinkSchema),
      handler: ({ params, query, caller }) => {
        const target = findContent(ctx, caller, params);
        const file = target.revision.files.find((f) => f.id === params.fileId);
        if (!file) throw notFound('File', params.fileId);
        const names = [file.name, encodeURI(file.name), encodeURIComponent(file.name)];
        const pages = [...walkPages(target.revision.pages)].filter((page) => names.some((name) => page.markdown.includes(name)));
        const org = ctx.state.organizations.get(target.space.organization);
        if (!org) throw notFound('Organization', target.space.organization);
        const organization = serializeOrganization(ctx, org, target.role);
        const space = serializeSpace(ctx, target.space, target.role);
        const serializedFile = serializeFile(target.space.id, file);
        return paginate(pages, query, (page) => ({
          kind: 'file',
          organization,
          space,
          versionContext: { type: 'revision', revision: target.revision.id },
          file: serializedFile,
          page: { id: page.id, title: page.title, path: page.path },
        }));
      },
    });
  }
}

function serializeLink(target: ContentTarget, link: FoundLink) {
  const reference = {
    kind: link.kind,
    organization: target.space.organization,
    space: target.space.id,
    versionContext: { type: 'revision', revision: target.revision.id },
  };
  return {
    status: link.status,
    relation: 'reference',
    target: link.target,
    targetReference:
      link.kind === 'url'
        ? { kind: 'url', url: link.target }
        : { ...reference, ...(link.page ? { page: link.page.id } : {}), ...(link.file ? { file: link.file.id } : {}) },
  };
}
