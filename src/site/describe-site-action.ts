import type { DeleteReason, ObjectRef, SiteAction } from './site-action.js';

const REASONS: Record<DeleteReason, string> = {
  removed: 'removed from the manifest',
  pruned: 'not in the manifest; --prune',
  moved: 'moved to another section',
};

/** One line per action, for plans, `DRY-RUN: would …` and logs. Never holds a secret (no URLs). */
export function describeSiteAction(action: SiteAction): string {
  switch (action.kind) {
    case 'create-site':
      return `create site "${action.title}"${action.visibility ? ` (${action.visibility})` : ''}`;
    case 'put-adaptive-schema':
      return `set the adaptive visitor schema (${claimCount(action.jsonSchema)} claims)`;
    case 'update-site':
      return `update the site: ${changes(action.body, action.before)}`;
    case 'update-section-group':
      return `update section group "${action.key}": ${changes(action.body, action.before)}`;
    case 'update-section':
      return `update section "${action.key}": ${changes(action.body, action.before)}`;
    case 'update-site-space':
      return `update site space "${action.key}": ${changes(action.body, action.before)}`;
    case 'create-section':
      return `create section "${action.key}" "${action.title}" at /${action.path} with space ${action.firstSpace.spaceId} as "${action.firstSpace.key}" (${action.firstSpace.path})`;
    case 'create-site-space':
      return `add space ${action.spaceId} as site space "${action.key}" (${action.path}) ${action.section ? `in section ${refText(action.section, action.sectionKey)}` : 'at the root'}`;
    case 'create-section-group':
      return `create section group "${action.key}" "${action.title}"${action.sections.length > 0 ? ` holding ${action.sections.map((s) => `"${s.key}"`).join(', ')}` : ''}`;
    case 'add-section-to-group':
      return `move section "${action.sectionKey}" into group "${action.groupKey}"`;
    case 'remove-section-from-group':
      return `move section "${action.sectionKey}" out of group ${action.groupId} to the top level`;
    case 'set-default-site-space':
      return `make "${action.spaceKey}" the default site space ${action.section ? `of section "${action.sectionKey ?? ''}"` : 'of the site root'}`;
    case 'set-default-section':
      return `make "${action.sectionKey}" the default section`;
    case 'create-external-link':
      return `create external link "${action.key}" "${action.title}" to ${action.url} ${action.group ? `in group ${refText(action.group, action.groupKey)}` : 'at the root'}`;
    case 'update-external-link':
      return `update external link "${action.key}": ${changes(action.body, action.before)}`;
    case 'move-external-link':
      return `move external link "${action.key}" ${action.group ? `into group ${refText(action.group, action.groupKey)}` : 'to the root'}`;
    case 'create-share-link':
      return `create share link "${action.name}"${action.active ? '' : ' (inactive)'}`;
    case 'update-share-link':
      return `${action.body.active ? 'activate' : 'deactivate'} share link "${action.name}"`;
    case 'delete-site-space':
      return `delete site space ${action.label} (${REASONS[action.reason]})`;
    case 'delete-section':
      return `delete section ${action.label} and its site spaces (${REASONS[action.reason]})`;
    case 'delete-section-group':
      return `delete section group ${action.label}; its sections stay (${REASONS[action.reason]})`;
    case 'delete-share-link':
      return `delete share link ${action.label} (${REASONS[action.reason]})`;
    case 'delete-external-link':
      return `delete external link ${action.label} (${REASONS[action.reason]})`;
  }
}

/** `field "old" → "new"` for each changed field. */
function changes(body: object, before: object): string {
  const was = before as Record<string, unknown>;
  return Object.entries(body)
    .map(([field, value]) => `${field} ${show(was[field])} → ${show(value)}`)
    .join(', ');
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  return JSON.stringify(value);
}

function refText(ref: ObjectRef, key: string | undefined): string {
  const name = key === undefined ? ('id' in ref ? ref.id : ref.created) : `"${key}"`;
  return 'id' in ref ? name : `${name} (new)`;
}

function claimCount(schema: { properties: Record<string, unknown> }): number {
  const unsigned = schema.properties.unsigned as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(schema.properties).filter((k) => k !== 'unsigned').length + Object.keys(unsigned?.properties ?? {}).length;
}
