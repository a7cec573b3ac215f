import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CONTRACTS, CONTRACT_NAMES } from '../../../src/api/contracts/api-contract.js';
import { ContractUnavailableError } from '../../../src/emulator/contract/contract-unavailable-error.js';
import { ContractValidator } from '../../../src/emulator/contract/contract-validator.js';
import { describeViolations } from '../../../src/emulator/contract/contract-violation.js';
import { loadContract } from '../../../src/emulator/contract/load-contract.js';

let contract: ContractValidator;
beforeAll(async () => {
  contract = await ContractValidator.load('seed');
});

const operation = (method: string, path: string) => {
  const found = contract.operations.find(method, path);
  if (!found) throw new Error(`no operation ${method} ${path}`);
  return found;
};

describe('loading a contract', () => {
  it('gives one validator per contract in a process, so emulators share what it compiled', async () => {
    expect(await ContractValidator.load('seed')).toBe(contract);
    expect(await ContractValidator.load('current')).not.toBe(contract);
  });
});

describe('finding the operation of a request', () => {
  it('resolves concrete paths to the document operations', () => {
    expect(operation('GET', '/spaces/abc').operationId).toBe('getSpaceById');
    expect(operation('patch', '/spaces/abc?x=1').operationId).toBe('updateSpaceById');
    expect(operation('GET', '/').operationId).toBe('getApiInformation');
    expect(operation('GET', '/user/').operationId).toBe('getAuthenticatedUser');
  });

  it('prefers a literal segment to a parameter', () => {
    expect(operation('GET', '/orgs/o/openapi/s/versions/latest').operationId).toBe('getLatestOpenAPISpecVersion');
    expect(operation('GET', '/orgs/o/openapi/s/versions/v1').operationId).toBe('getOpenAPISpecVersionById');
  });

  it('lets a trailing page path span several segments, encoded or not', () => {
    expect(operation('GET', '/spaces/s/content/path/guide/install').operationId).toBe('getPageByPath');
    expect(operation('GET', '/spaces/s/content/path/guide%2Finstall').operationId).toBe('getPageByPath');
  });

  it('knows no operation for an unknown path or method', () => {
    expect(contract.operations.find('GET', '/no/such/thing')).toBeUndefined();
    expect(contract.operations.find('PUT', '/user')).toBeUndefined();
    expect(contract.operations.find('GET', '/spaces//content')).toBeUndefined();
    expect(contract.operations.find('GET', '/spaces/s/unknown/x')).toBeUndefined();
  });

  it('lists all operations of the document with their first tag', () => {
    expect(contract.operations.operations).toHaveLength(302);
    expect(contract.operations.byId('getSpaceById')?.tag).toBe('spaces');
  });
});

describe('checking bodies against the official schemas', () => {
  it('accepts a valid response and names each missing field of an invalid one', () => {
    const info = operation('GET', '/');
    expect(contract.checkResponse(info, 200, { version: '1', build: '2024-01-01' })).toEqual([]);
    const violations = contract.checkResponse(info, 200, { version: 1 });
    expect(violations).toContainEqual({ path: '', message: "must have required property 'build'" });
    expect(violations).toContainEqual({ path: '/version', message: 'must be string' });
    expect(describeViolations(violations)).toContain("(body): must have required property 'build'");
  });

  it('reads nullable as a null alternative, including beside a $ref and in an enum', () => {
    const org = operation('GET', '/orgs/o');
    const billingOf = (endDate: unknown) => contract.checkResponse(org, 200, { billing: { endDate } }).filter((v) => v.path.startsWith('/billing/endDate'));
    expect(billingOf(null)).toEqual([]);
    expect(billingOf('2024-01-01T00:00:00.000Z')).toEqual([]);
    expect(billingOf(5)).not.toEqual([]);
  });

  it('holds declared and undeclared error statuses to the error body', () => {
    const user = operation('GET', '/user');
    expect(contract.checkResponse(user, 404, { error: { code: 404, message: 'gone' } })).toEqual([]);
    expect(contract.checkResponse(user, 401, { error: { code: 401, message: 'who?' } })).toEqual([]);
    expect(contract.checkResponse(user, 401, { error: { code: 403, message: 'who?' } })).toEqual([
      { path: '/error/code', message: 'must be equal to one of the allowed values [401]' },
    ]);
  });

  it('refuses an undocumented success status and a body where none is documented', () => {
    const remove = operation('DELETE', '/spaces/s');
    expect(contract.checkResponse(remove, 205, undefined)).toEqual([]);
    expect(contract.checkResponse(remove, 205, {})).toHaveLength(1);
    expect(contract.checkResponse(remove, 200, {})[0]?.message).toBe('status 200 is not a documented answer of deleteSpaceById');
  });

  it('checks request bodies', () => {
    const create = operation('POST', '/orgs/o/spaces');
    expect(contract.checkRequest(create, { title: 'Docs' })).toEqual([]);
    expect(contract.checkRequest(create, { title: 'x'.repeat(51) })).toContainEqual({ path: '/title', message: 'must NOT have more than 50 characters' });
    expect(contract.checkRequest(operation('GET', '/user'), undefined)).toEqual([]);
  });
});

describe('loading the contract', () => {
  it('fails with one line saying what to do when the package is absent', async () => {
    const missing = (): string => {
      throw Object.assign(new Error("Cannot find module '@gitbook/api/spec/openapi.json'"), { code: 'MODULE_NOT_FOUND' });
    };
    const failure = loadContract('current', missing);
    await expect(failure).rejects.toBeInstanceOf(ContractUnavailableError);
    await expect(failure).rejects.toThrow(
      /^The current API contract \(gitbook-api-current spec\/openapi.json, @gitbook\/api 0.202.0\) is not installed: run `npm install --include=dev`[^\n]*$/,
    );
  });

  it('pins each contract to the @gitbook/api release it names', async () => {
    const require = createRequire(import.meta.url);
    for (const name of CONTRACT_NAMES) {
      const { packageName, version } = API_CONTRACTS[name];
      const spec = require.resolve(`${packageName}/spec/openapi.json`);
      const manifest = JSON.parse(await readFile(join(dirname(spec), '..', 'package.json'), 'utf8')) as { name: string; version: string };
      expect(manifest).toMatchObject({ name: '@gitbook/api', version });
    }
    expect((await loadContract('seed')).openapi).toMatch(/^3\.0\./);
    expect((await loadContract('current')).openapi).toMatch(/^3\.1\./);
  });
});

describe('checking against an OpenAPI 3.1 document (today’s API)', () => {
  let current: ContractValidator;
  beforeAll(async () => {
    current = await ContractValidator.load('current');
  });
  const find = (method: string, path: string) => {
    const found = current.operations.find(method, path);
    if (!found) throw new Error(`no operation ${method} ${path}`);
    return found;
  };

  it('lists its own operations: content import is gone, page batches are new', () => {
    expect(current.operations.operations).toHaveLength(377);
    expect(current.operations.find('POST', '/spaces/s/content/import')).toBeUndefined();
    expect(find('POST', '/spaces/s/change-requests/c/content').operationId).toBeTypeOf('string');
  });

  it('reads a type array with null as a nullable field', () => {
    // SiteSection.siteSectionGroup: `type: [string, null]` in 0.202.0.
    const schema = { type: ['string', 'null'], maxLength: 3 };
    expect(current.checkSchema(schema, null)).toEqual([]);
    expect(current.checkSchema(schema, 'abc')).toEqual([]);
    expect(current.checkSchema(schema, 'abcd')).toHaveLength(1);
    expect(current.checkSchema(schema, 5)).not.toEqual([]);
  });

  it('applies the keywords beside a $ref, and const', () => {
    const ref = { $ref: '#/components/schemas/Space', required: ['notAField'] };
    expect(current.checkSchema({ const: 1 }, 1)).toEqual([]);
    expect(current.checkSchema({ const: 'x' }, 'y')[0]?.message).toBe('must be equal to constant');
    expect(current.checkSchema(ref, {}).map((v) => v.message)).toContain("must have required property 'notAField'");
  });

  it('holds an answer to the 3.1 response schema', () => {
    const user = find('GET', '/user');
    expect(current.checkResponse(user, 200, { object: 'user' }).length).toBeGreaterThan(0);
    expect(current.checkResponse(user, 401, { error: { code: 401, message: 'who?' } })).toEqual([]);
  });
});
