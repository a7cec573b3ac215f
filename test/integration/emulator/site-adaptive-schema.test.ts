import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { expectBadField, siteUrl } from './site-helpers.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const SCHEMA_URL = `${siteUrl('site-docs')}/adaptive-schema`;

function visitorSchema(extra: Record<string, unknown> = {}, unsigned: Record<string, unknown> = {}) {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      isBetaUser: { type: 'boolean', description: 'Visitor is in the beta' },
      ...extra,
      unsigned: {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        properties: { prefersDark: { type: 'boolean', description: 'Prefers a dark theme' }, ...unsigned },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

describe('SITE/adaptive-schema', () => {
  it('reads the default schema for readers; 403 for guests, 401 without a token', async () => {
    const res = await call(emulator, 'GET', SCHEMA_URL, { as: 'read' });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({
      object: 'site-adaptive-schema',
      jsonSchema: { type: 'object', properties: { unsigned: { type: 'object', properties: {} } }, additionalProperties: false },
    });
    expect(typeof json(res.body).updatedAt).toBe('string');
    expect((await call(emulator, 'GET', SCHEMA_URL, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', SCHEMA_URL, { as: null })).status).toBe(401);
  });

  it('stores a valid draft-07 schema with PUT and returns it', async () => {
    const res = await call(emulator, 'PUT', SCHEMA_URL, { as: 'create', body: { jsonSchema: visitorSchema() } });
    expect(res.status).toBe(200);
    expect(json(res.body).jsonSchema).toEqual(visitorSchema());
    expect(json((await call(emulator, 'GET', SCHEMA_URL)).body).jsonSchema).toEqual(visitorSchema());
    expect((await call(emulator, 'PUT', SCHEMA_URL, { as: 'edit', body: { jsonSchema: visitorSchema() } })).status).toBe(403);
  });

  it('rejects schemas that break the official request schema, naming the field', async () => {
    const put = (jsonSchema: unknown) => call(emulator, 'PUT', SCHEMA_URL, { body: { jsonSchema } });
    expect((await put(visitorSchema({ plan: { type: 'string', description: 'Plan' } }))).status).toBe(200);
    expectBadField(await put(visitorSchema({ plan: { type: 'string' } })), 'jsonSchema.properties.plan');
    expectBadField(await put(visitorSchema({}, { age: { type: 'date', description: 'Age' } })), 'jsonSchema.properties.unsigned.properties.age');
    expectBadField(await put({ ...visitorSchema(), additionalProperties: true }), 'jsonSchema.additionalProperties');
    const openUnsigned = visitorSchema();
    openUnsigned.properties.unsigned.additionalProperties = true;
    expectBadField(await put(openUnsigned), 'jsonSchema.properties.unsigned.additionalProperties');
    const otherDescription = visitorSchema();
    otherDescription.properties.unsigned.description = 'Anonymous claims';
    expectBadField(await put(otherDescription), 'jsonSchema.properties.unsigned.description');
    expectBadField(await put({ ...visitorSchema(), type: 'array' }), 'jsonSchema.type');
    expectBadField(await put({ ...visitorSchema(), $schema: 'http://json-schema.org/draft-04/schema#' }), 'jsonSchema.$schema');
    expectBadField(await call(emulator, 'PUT', SCHEMA_URL, { body: {} }), 'jsonSchema');
  });
});

describe('SITE/adaptive-schema/template-conditions', () => {
  it('derives one condition per boolean claim, signed then unsigned', async () => {
    const empty = await call(emulator, 'GET', `${SCHEMA_URL}/template-conditions`, { as: 'read' });
    expect(empty.status).toBe(200);
    expect(json(empty.body)).toEqual({ items: [] });
    await call(emulator, 'PUT', SCHEMA_URL, { body: { jsonSchema: visitorSchema() } });
    const res = await call(emulator, 'GET', `${SCHEMA_URL}/template-conditions`);
    expect(json(res.body).items).toEqual([
      { description: 'Visitor is in the beta', condition: 'visitor.claims.isBetaUser === true' },
      { description: 'Prefers a dark theme', condition: 'visitor.claims.unsigned.prefersDark === true' },
    ]);
    expect((await call(emulator, 'GET', `${SCHEMA_URL}/template-conditions`, { as: 'guest' })).status).toBe(403);
  });
});
