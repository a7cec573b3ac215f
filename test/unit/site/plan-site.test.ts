import { describe, expect, it } from 'vitest';
import { describeSiteAction } from '../../../src/site/describe-site-action.js';
import type { DesiredSite } from '../../../src/site/desired-site.js';
import { parseManifest } from '../../../src/site/load-manifest.js';
import { planSite } from '../../../src/site/plan-site.js';
import type { SitePlan } from '../../../src/site/site-action.js';
import { group, liveSite, section, siteSpace } from './live-site-builder.js';

function desiredOf(structure: string, extra = ''): DesiredSite {
  const text = `site:\n  organization: org-1\n  id: site-1\n  title: Docs\n${extra}  structure:\n${structure}`;
  return parseManifest(text, 'docs.yaml').desired;
}

/** Two groups, three sections; the first section has two spaces. */
const STRUCTURE = `
    - type: section-group
      key: g1
      title: Group one
      children:
        - { type: section, key: s1, title: Section one, path: one, children: [{ type: space, key: a, path: a, spaceId: sp-a }, { type: space, key: b, path: b, spaceId: sp-b, default: true }] }
        - { type: section, key: s2, title: Section two, path: two, default: true, children: [{ type: space, key: c, path: c, spaceId: sp-c }] }
    - type: section-group
      key: g2
      title: Group two
      children:
        - { type: section, key: s3, title: Section three, path: three, children: [{ type: space, key: d, path: d, spaceId: sp-d }] }
`;

/** The live site STRUCTURE describes, as the API shows it once applied. */
function appliedSite() {
  const spaces = [
    siteSpace('ss-a', { path: 'a', space: 'sp-a', section: 'sec-1' }),
    siteSpace('ss-b', { path: 'b', space: 'sp-b', section: 'sec-1', default: true }),
    siteSpace('ss-c', { path: 'c', space: 'sp-c', section: 'sec-2', default: true }),
    siteSpace('ss-d', { path: 'd', space: 'sp-d', section: 'sec-3', default: true }),
  ];
  const sections = [
    section('sec-1', { title: 'Section one', path: 'one', group: 'grp-1' }, spaces.slice(0, 2)),
    section('sec-2', { title: 'Section two', path: 'two', group: 'grp-1', default: true }, spaces.slice(2, 3)),
    section('sec-3', { title: 'Section three', path: 'three', group: 'grp-2' }, spaces.slice(3)),
  ];
  return liveSite({
    sections,
    siteSpaces: spaces,
    groups: [group('grp-1', 'Group one', sections.slice(0, 2)), group('grp-2', 'Group two', sections.slice(2))],
  });
}

const kinds = (plan: SitePlan): string[] => plan.actions.map((a) => a.kind);

describe('planSite', () => {
  it('builds an empty site in order: sections, their spaces, groups holding them, then defaults', () => {
    const plan = planSite(desiredOf(STRUCTURE), liveSite(), {});
    expect(kinds(plan)).toEqual([
      'create-section',
      'create-site-space',
      'create-section',
      'create-section',
      'create-section-group',
      'create-section-group',
      'set-default-section',
      'set-default-site-space',
    ]);
    const groupOne = plan.actions[4];
    expect(groupOne).toMatchObject({
      kind: 'create-section-group',
      key: 'g1',
      sections: [{ ref: { created: 'section:s1' } }, { ref: { created: 'section:s2' } }],
    });
    // s2 is not the first section created, and b not the first space of s1: both need a write.
    expect(plan.actions[6]).toMatchObject({ section: { created: 'section:s2' } });
    expect(plan.actions[7]).toMatchObject({ siteSpace: { created: 'space:b' }, section: { created: 'section:s1' } });
    expect(plan.unmanaged).toEqual([]);
  });

  it('plans nothing for a site already in shape', () => {
    const plan = planSite(desiredOf(STRUCTURE), appliedSite(), {});
    expect(plan.actions).toEqual([]);
    expect(plan.identities).toMatchObject({ 'group:g1': 'grp-1', 'section:s3': 'sec-3', 'space:b': 'ss-b' });
  });

  it('updates a section renamed by key (title and path) instead of recreating it', () => {
    const renamed = STRUCTURE.replace('key: s3, title: Section three, path: three', 'key: s3, title: Section 3, path: third');
    const plan = planSite(desiredOf(renamed), appliedSite(), { 'section:s3': 'sec-3' });
    expect(plan.actions).toEqual([
      { kind: 'update-section', id: 'sec-3', key: 's3', body: { title: 'Section 3', path: 'third' }, before: { title: 'Section three', path: 'three' } },
    ]);
    expect(describeSiteAction(plan.actions[0]!)).toBe('update section "s3": title "Section three" → "Section 3", path "three" → "third"');
  });

  it('falls back to path, then title, when the state is lost', () => {
    const titleOnly = STRUCTURE.replace('title: Section three', 'title: Section 3');
    expect(planSite(desiredOf(titleOnly), appliedSite(), {}).actions).toMatchObject([{ kind: 'update-section', id: 'sec-3', body: { title: 'Section 3' } }]);
    const pathOnly = STRUCTURE.replace('path: three', 'path: third');
    expect(planSite(desiredOf(pathOnly), appliedSite(), {}).actions).toMatchObject([{ kind: 'update-section', id: 'sec-3', body: { path: 'third' } }]);
    // Both changed and no memory: a new section; the old one is unmanaged.
    const both = STRUCTURE.replace('title: Section three, path: three', 'title: Section 3, path: third');
    const plan = planSite(desiredOf(both), appliedSite(), {});
    expect(kinds(plan)).toContain('create-section');
    expect(plan.unmanaged).toEqual([{ kind: 'section', id: 'sec-3', label: '"Section three" (/three)' }]);
  });

  it('never matches by list position', () => {
    const live = appliedSite();
    live.sections.reverse();
    live.siteSpaces.reverse();
    live.groups.reverse();
    expect(planSite(desiredOf(STRUCTURE), live, {}).actions).toEqual([]);
  });

  it('leaves unmanaged objects without prune, deletes them with it, and deletes what docsync managed and the manifest dropped', () => {
    const live = appliedSite();
    live.sections.push(section('sec-x', { title: 'Foreign', path: 'foreign' }));
    live.siteSpaces.push(siteSpace('ss-x', { path: 'x', space: 'sp-x', section: 'sec-1' }));
    live.shareLinks.push({ id: 'link-x', name: 'stray', active: true });
    const desired = desiredOf(STRUCTURE, '  shareLinks: []\n');
    const kept = planSite(desired, live, {});
    expect(kept.actions).toEqual([]);
    expect(kept.unmanaged.map((u) => u.id)).toEqual(['sec-x', 'ss-x', 'link-x']);

    const pruned = planSite(desired, live, {}, { prune: true });
    expect(kinds(pruned)).toEqual(['delete-site-space', 'delete-section', 'delete-share-link']);
    expect(pruned.unmanaged).toEqual([]);

    const dropped = planSite(desiredOf(STRUCTURE.replace(/ +- type: section-group\n +key: g2[^]*$/, '')), appliedSite(), {
      'section:s3': 'sec-3',
      'group:g2': 'grp-2',
    });
    expect(dropped.actions).toMatchObject([
      { kind: 'delete-section', id: 'sec-3', reason: 'removed' },
      { kind: 'delete-section-group', id: 'grp-2', reason: 'removed' },
    ]);
  });

  it('moves sections between groups and out of them, creating a new group before the moves', () => {
    const regrouped = `
    - type: section-group
      key: g1
      title: Group one
      children:
        - { type: section, key: s1, title: Section one, path: one, children: [{ type: space, key: a, path: a, spaceId: sp-a }, { type: space, key: b, path: b, spaceId: sp-b, default: true }] }
        - { type: section, key: s3, title: Section three, path: three, children: [{ type: space, key: d, path: d, spaceId: sp-d }] }
    - { type: section, key: s2, title: Section two, path: two, default: true, children: [{ type: space, key: c, path: c, spaceId: sp-c }] }
`;
    const plan = planSite(desiredOf(regrouped), appliedSite(), {});
    expect(plan.actions).toMatchObject([
      { kind: 'add-section-to-group', group: { id: 'grp-1' }, section: { id: 'sec-3' } },
      { kind: 'remove-section-from-group', groupId: 'grp-1', section: 'sec-2' },
    ]);
    expect(plan.unmanaged).toEqual([{ kind: 'section-group', id: 'grp-2', label: '"Group two"' }]);
  });

  it('moves a site space to another section by recreating it there, deleting the old copy last', () => {
    const moved = STRUCTURE.replace(', { type: space, key: b, path: b, spaceId: sp-b, default: true }', '').replace(
      '[{ type: space, key: d, path: d, spaceId: sp-d }]',
      '[{ type: space, key: d, path: d, spaceId: sp-d }, { type: space, key: b, path: b, spaceId: sp-b }]',
    );
    const plan = planSite(desiredOf(moved), appliedSite(), { 'space:b': 'ss-b' });
    expect(plan.actions).toMatchObject([
      { kind: 'create-site-space', key: 'b', section: { id: 'sec-3' }, path: 'b' },
      { kind: 'delete-site-space', id: 'ss-b', reason: 'moved' },
    ]);
  });

  it('sets fields and defaults of existing objects, and removes what the manifest leaves out', () => {
    const live = appliedSite();
    live.sections[0]!.condition = 'visitor.claims.beta';
    live.sections[0]!.icon = 'book';
    live.siteSpaces[0]!.default = true;
    live.siteSpaces[1]!.default = false;
    const plan = planSite(desiredOf(STRUCTURE), live, {});
    expect(plan.actions).toEqual([
      { kind: 'update-section', id: 'sec-1', key: 's1', body: { icon: null, condition: null }, before: { icon: 'book', condition: 'visitor.claims.beta' } },
      { kind: 'set-default-site-space', siteSpace: { id: 'ss-b' }, spaceKey: 'b', section: { id: 'sec-1' }, sectionKey: 's1' },
    ]);
  });

  it('orders settings first, creations before moves and defaults, deletions last', () => {
    const live = appliedSite();
    live.sections.push(section('sec-x', { title: 'Foreign', path: 'foreign' }));
    const extra = '  visibility: share-link\n  shareLinks: [{ name: partners }]\n';
    const grown = `${STRUCTURE}    - type: section-group\n      key: g3\n      title: Group three\n      children:\n        - { type: section, key: s4, title: Section four, path: four, default: true, children: [{ type: space, key: e, path: e, spaceId: sp-e }] }\n`;
    const plan = planSite(desiredOf(grown.replace('path: two, default: true', 'path: two'), extra), live, {}, { prune: true });
    expect(kinds(plan)).toEqual(['update-site', 'create-section', 'create-section-group', 'set-default-section', 'create-share-link', 'delete-section']);
  });

  it('creates the site first when it does not exist', () => {
    const desired = desiredOf(STRUCTURE, '  basename: docs\n');
    desired.id = undefined;
    const plan = planSite(desired, undefined, {});
    expect(kinds(plan).slice(0, 2)).toEqual(['create-site', 'update-site']);
    expect(plan.siteId).toBeUndefined();
  });
});
