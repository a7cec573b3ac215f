import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ApiClient } from '../../src/api/api-client.js';
import { DEFAULT_FIXTURE } from '../../src/emulator/fixtures/default-fixture.js';
import type { EmulatorOptionsInput } from '../../src/emulator/emulator-options.js';
import type { ContractName } from '../../src/api/contracts/api-contract.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { silentLogger } from '../../src/logging/logger.js';
import type { SiteTargetSpec } from '../../src/site/plan-site-target.js';
import { MemoryStateStore } from '../../src/state/memory-state-store.js';
import { ORG, TOKENS, call, json, startTestEmulator } from './emulator-harness.js';

/** Spaces `space-1` … `space-8` next to the default fixture's, so sites can hold many site spaces. */
export async function startSiteEmulator(
  extraSpaces: number,
  options: EmulatorOptionsInput & { readonly contract: ContractName },
): Promise<{ emulator: RunningEmulator; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-site-'));
  const spaces = [
    ...DEFAULT_FIXTURE.spaces,
    ...Array.from({ length: extraSpaces }, (_, i) => ({ id: `space-${i + 1}`, organization: ORG, title: `Space ${i + 1}`, pages: [] })),
  ];
  const fixtures = join(dir, 'fixture.yaml');
  await writeFile(fixtures, stringify({ ...DEFAULT_FIXTURE, spaces }));
  return { emulator: await startTestEmulator({ ...options, fixtures }), dir };
}

export interface SiteDeps {
  api: ApiClient;
  state: MemoryStateStore;
  logger: typeof silentLogger;
}

export function siteDeps(emulator: RunningEmulator): SiteDeps {
  return {
    api: new ApiClient({ endpoint: emulator.url, token: TOKENS.admin, retry: { maxAttempts: 1 } }),
    state: new MemoryStateStore(),
    logger: silentLogger,
  };
}

/** A fresh, empty site (no site spaces). */
export async function emptySite(emulator: RunningEmulator, title = 'Manifest site'): Promise<string> {
  const res = await call(emulator, 'POST', `/v1/orgs/${ORG}/sites`, { body: { title } });
  if (res.status !== 201) throw new Error(`site creation failed: ${res.status}`);
  return json(res.body).id as string;
}

let counter = 0;
/** Writes a manifest into `dir` and returns the target that points at it. */
export async function manifestTarget(dir: string, text: string, prune = false): Promise<SiteTargetSpec> {
  const manifest = join(dir, `docs-${++counter}.yaml`);
  await writeFile(manifest, text);
  return { manifest, prune, spaceTargets: new Map([['api', 'space-api']]) };
}

/** The Done-when manifest: two section groups, four sections, six site spaces, share links, an adaptive schema. */
export function fullManifest(siteId: string, edit: (text: string) => string = (t) => t): string {
  return edit(`site:
  organization: ${ORG}
  id: ${siteId}
  title: Built from a manifest
  visibility: share-link
  basename: handbook
  proxy: www.example.com/docs
  agentsContext: excluded
  adaptiveContent:
    enabled: true
    jsonSchema:
      $schema: http://json-schema.org/draft-07/schema#
      type: object
      properties:
        isBeta: { type: boolean, description: In the beta programme }
        unsigned:
          type: object
          description: Unsigned claims of the site visitor.
          properties:
            darkMode: { type: boolean, description: Prefers a dark colour scheme }
          additionalProperties: false
      additionalProperties: false
  shareLinks:
    - name: partners
    - name: auditors
      active: false
  structure:
    - type: section-group
      key: product
      title: Product
      icon: box
      children:
        - type: section
          key: guides
          title: Guides
          path: guides
          description: How to install and run it.
          icon: book
          children:
            - { type: space, key: guides-v2, title: v2, path: v2, spaceId: space-1 }
            - { type: space, key: guides-v1, title: v1, path: v1, spaceId: space-2, default: true, condition: visitor.claims.unsigned.darkMode === true }
        - type: section
          key: api
          title: API reference
          path: api
          default: true
          children:
            - { type: space, key: api-ref, path: reference, target: api }
    - type: section-group
      key: community
      title: Community
      children:
        - type: section
          key: beta
          title: Beta programme
          path: beta
          condition: visitor.claims.isBeta === true
          children:
            - { type: space, key: beta-notes, path: notes, spaceId: space-3 }
            - { type: space, key: beta-faq, path: faq, spaceId: space-4 }
        - type: section
          key: blog
          title: Blog
          path: blog
          children:
            - { type: space, key: blog-posts, path: posts, spaceId: space-5 }
`);
}
