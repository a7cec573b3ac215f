import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { publishedOperation } from '../../../src/api/contracts/published-operation.js';
import { publishedOperationsSource } from '../../../scripts/published-operations-source.js';

it('the operations shipped for each contract are those of the pinned documents: regenerate with `npm run contract:operations`', async () => {
  const shipped = await readFile(new URL('../../../src/api/contracts/published-operations.ts', import.meta.url), 'utf8');
  expect(shipped).toBe(await publishedOperationsSource());
});

it('names an operation in each document that lists it, whatever its parameters are called', () => {
  expect(publishedOperation('GET', '/spaces/{id}')).toEqual({ seed: 'getSpaceById', current: 'getSpaceById' });
  expect(publishedOperation('POST', '/spaces/{spaceId}/content/import')).toEqual({ seed: 'importContent' });
  expect(Object.keys(publishedOperation('POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/content'))).toEqual(['current']);
  expect(publishedOperation('GET', '/no/such/thing')).toEqual({});
});
