import type { ExternalLinkRecord } from '../state/records.js';

/** An external link of today's API; the emulator publishes everything at once, so none is a draft. */
export function serializeExternalLink(link: ExternalLinkRecord) {
  return {
    object: 'site-external-link' as const,
    id: link.id,
    title: link.title,
    ...(link.description === undefined ? {} : { description: link.description }),
    ...(link.icon === undefined ? {} : { icon: link.icon }),
    url: link.url,
    ...(link.sectionGroup === undefined ? {} : { sectionGroup: link.sectionGroup }),
    draft: false,
    ...(link.condition === undefined ? {} : { condition: link.condition }),
  };
}
