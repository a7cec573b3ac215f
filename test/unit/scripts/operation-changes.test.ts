import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { describeChanges, operationChanges, type ComparedDocument } from '../../../scripts/operation-changes.js';
import { CLIENT_OPERATIONS } from '../../../src/api/contracts/client-operations.js';

const resolve = createRequire(import.meta.url).resolve;
const read = async (name: string): Promise<ComparedDocument> => JSON.parse(await readFile(resolve(`${name}/spec/openapi.json`), 'utf8')) as ComparedDocument;
const seed = await read('@gitbook/api');
const current = await read('gitbook-api-current');

describe('operationChanges, on the two pinned documents', () => {
  it('names the operations docsync calls that today’s document dropped', () => {
    const removed = operationChanges(seed, current, CLIENT_OPERATIONS).filter((c) => c.kind === 'removed');
    expect(removed.map((c) => c.operationId)).toEqual(['addSectionToGroup', 'removeSectionFromGroup', 'importContent', 'importContentInChangeRequest']);
  });

  it('finds nothing between a document and itself, and skips what the older one lacks', () => {
    expect(operationChanges(current, current, CLIENT_OPERATIONS)).toEqual([]);
    // The content batch is today's only: nothing to compare it with in the seed's.
    expect(operationChanges(seed, current, CLIENT_OPERATIONS).map((c) => c.operation)).not.toContain(
      'POST /spaces/{spaceId}/change-requests/{changeRequestId}/content',
    );
  });

  it('names the part and the schema that changed, and ignores a changed description', () => {
    const edited = structuredClone(current) as unknown as {
      components: { schemas: Record<string, { properties: Record<string, unknown>; description?: string }> };
    };
    const site = edited.components.schemas.Site!;
    delete site.properties.basename;
    edited.components.schemas.ChangeRequest!.description = 'Reworded.';
    const changes = operationChanges(current, edited as unknown as ComparedDocument, CLIENT_OPERATIONS);
    const getSite = changes.find((c) => c.operationId === 'getSiteById');
    expect(getSite).toEqual({
      operation: 'GET /orgs/{organizationId}/sites/{siteId}',
      operationId: 'getSiteById',
      kind: 'changed',
      parts: ['response'],
      // SiteBasename is no longer reached: dropped from what the answer involves.
      components: ['Site', 'SiteBasename'],
    });
    expect(changes.map((c) => c.operationId)).not.toContain('getChangeRequestById');
    expect(describeChanges(changes)).toContain('changed  getSiteById (GET /orgs/{organizationId}/sites/{siteId}): response; schemas Site, SiteBasename');
  });

  it('lists removed operations first', () => {
    const lines = describeChanges(operationChanges(seed, current, CLIENT_OPERATIONS));
    expect(lines[0]).toBe('removed  addSectionToGroup (POST /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections)');
    expect(lines.slice(4).every((line) => line.startsWith('changed  '))).toBe(true);
  });
});
