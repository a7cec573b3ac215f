import type { Site } from '../api/schemas/site.js';
import type { DesiredSite } from './desired-site.js';
import { FieldDiff, sameValue } from './field-diff.js';
import type { LiveSite } from './read-live-site.js';
import type { SiteAction, SiteSettingsBody } from './site-action.js';

/**
 * The site's own settings: the adaptive schema first (so enabling adaptive content finds it), then
 * one PATCH of whatever else differs. Fields the manifest leaves out are not managed.
 */
export function planSiteSettings(desired: DesiredSite, live: LiveSite | undefined, notes: string[]): SiteAction[] {
  const actions: SiteAction[] = [];
  if (desired.adaptiveSchema !== undefined && !sameValue(desired.adaptiveSchema, live?.adaptiveSchema)) {
    actions.push({ kind: 'put-adaptive-schema', jsonSchema: desired.adaptiveSchema });
  }
  const site = live?.site;
  const diff = new FieldDiff<SiteSettingsBody>();
  // A site apply creates already has its title and visibility.
  if (site) diff.compare('title', desired.title, site.title);
  if (desired.visibility !== undefined && site) diff.compare('visibility', desired.visibility, site.visibility);
  if (desired.basename !== undefined) diff.compare('basename', desired.basename, site?.basename);
  if (desired.agentsContext !== undefined) {
    // Today's API no longer has the field: a site it shows without one cannot be given one.
    if (site !== undefined && site.agentsContext === undefined) notes.push(AGENTS_CONTEXT_NOTE);
    else diff.compare('agentsContext', desired.agentsContext, site?.agentsContext);
  }
  if (desired.proxy !== undefined && (desired.proxy !== null || site !== undefined)) diff.compare('proxy', desired.proxy, proxyOf(site));
  if (desired.adaptiveEnabled !== undefined) {
    const enabled = site?.adaptiveContent?.enabled ?? false;
    if (desired.adaptiveEnabled !== enabled) {
      diff.body.adaptiveContent = { enabled: desired.adaptiveEnabled };
      diff.before.adaptiveContent = site ? { enabled } : null;
    }
  }
  if (diff.changed) actions.push({ kind: 'update-site', body: diff.body, before: diff.before });
  if (desired.hostname !== undefined && site?.hostname !== desired.hostname) {
    notes.push(
      `the site's custom host name is ${site?.hostname === undefined ? 'not set' : `"${site.hostname}"`}, not "${desired.hostname}"; the API cannot set it (use the app)`,
    );
  }
  return actions;
}

/** Said once per plan when the manifest sets `agentsContext` and the API has no such field. */
export const AGENTS_CONTEXT_NOTE =
  "`agentsContext` is not settable: this API no longer has it (GitBook's published API dropped it in @gitbook/api 0.202.0); it is left out of every plan";

/**
 * The proxy as it is written on update (`host/path`): the API shows it as `{origin, target}`,
 * where the origin is that address (the published pattern has no scheme; one is tolerated).
 */
export function proxyOf(site: Site | undefined): string | null {
  const origin = site?.proxy?.origin;
  if (origin === undefined) return null;
  return origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');
}
