import type { SiteSpace, UpdateSectionBody, UpdateSiteSpaceBody } from '../api/schemas/site.js';
import type { ActionContext } from './action-context.js';
import { identity } from './desired-site.js';
import { FieldDiff } from './field-diff.js';
import type { SiteAction } from './site-action.js';

type Creation = Extract<SiteAction, { kind: 'create-section' | 'create-site-space' | 'create-section-group' | 'create-share-link' | 'create-external-link' }>;

/**
 * The creations. The API's create calls take only some fields (a section its title and icon, a
 * site space its space and section), so each is followed by one PATCH of the rest, only when the
 * created object differs. The new id is saved before that PATCH, so a failure there is an update
 * for the next plan, not a duplicate. Returns the write calls made.
 */
export async function runCreation(ctx: ActionContext, action: Creation): Promise<number> {
  const { api, site, ids, signal } = ctx;
  const call = { signal };
  switch (action.kind) {
    case 'create-section': {
      const section = await api.sections.create(site, { spaceId: action.firstSpace.spaceId, title: action.title, icon: action.icon ?? undefined }, call);
      await ids.created(identity.section(action.key), section.id);
      let writes = 1;
      const diff = new FieldDiff<UpdateSectionBody>()
        .compare('path', action.path, section.path)
        .compare('description', action.description, section.description)
        .compare('condition', action.condition, section.condition);
      if (diff.changed) {
        await api.sections.update(site, section.id, diff.body, call);
        writes += 1;
      }
      const first = section.siteSpaces.find((s) => s.space.id === action.firstSpace.spaceId) ?? section.siteSpaces[0];
      if (!first) return writes;
      await ids.created(identity.space(action.firstSpace.key), first.id);
      return writes + (await settleSiteSpace(ctx, first, action.firstSpace));
    }
    case 'create-site-space': {
      const sectionId = action.section ? ctx.resolve(action.section) : undefined;
      const created = await api.siteSpaces.create(site, { spaceId: action.spaceId, sectionId }, call);
      await ids.created(identity.space(action.key), created.id);
      return 1 + (await settleSiteSpace(ctx, created, action));
    }
    case 'create-section-group': {
      const sections = action.sections.map((s) => ctx.resolve(s.ref));
      const group = await api.sectionGroups.create(site, { title: action.title, icon: action.icon, sections }, call);
      await ids.created(identity.group(action.key), group.id);
      return 1;
    }
    case 'create-external-link': {
      const parent = action.group ? ctx.resolve(action.group) : undefined;
      const { id } = await api.externalLinks.create(
        site,
        { title: action.title, url: action.url, description: action.description, icon: action.icon, condition: action.condition, parent },
        call,
      );
      await ids.created(identity.externalLink(action.key), id);
      return 1;
    }
    case 'create-share-link': {
      // The response holds the link's secret URL: only its id is kept.
      const { id } = await api.shareLinks.create(site, { name: action.name }, call);
      await ids.created(identity.link(action.name), id);
      if (action.active) return 1;
      await api.shareLinks.update(site, id, { active: false }, call);
      return 2;
    }
  }
}

/** Brings a just-created site space to the wanted path and condition. */
async function settleSiteSpace(ctx: ActionContext, live: SiteSpace, want: { path: string; condition: string | null }): Promise<number> {
  const diff = new FieldDiff<UpdateSiteSpaceBody>().compare('path', want.path, live.path).compare('condition', want.condition, live.condition);
  if (!diff.changed) return 0;
  await ctx.api.siteSpaces.update(ctx.site, live.id, diff.body, { signal: ctx.signal });
  return 1;
}
