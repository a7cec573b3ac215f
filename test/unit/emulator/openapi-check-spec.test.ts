import { describe, expect, it } from 'vitest';
import { specFormatOf, specProblem } from '../../../src/emulator/openapi/check-spec.js';

describe('specProblem', () => {
  it('accepts OpenAPI 3.0 and Swagger 2.0 documents in JSON or YAML', () => {
    expect(specProblem('openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n')).toBeUndefined();
    expect(specProblem(JSON.stringify({ swagger: '2.0', info: {}, paths: {} }))).toBeUndefined();
  });

  it('accepts a 3.1 document with only webhooks or components, but not 3.0', () => {
    expect(specProblem(JSON.stringify({ openapi: '3.1.0', info: {}, webhooks: {} }))).toBeUndefined();
    expect(specProblem(JSON.stringify({ openapi: '3.1.0', info: {}, components: {} }))).toBeUndefined();
    expect(specProblem(JSON.stringify({ openapi: '3.0.3', info: {}, components: {} }))).toContain('paths');
    expect(specProblem(JSON.stringify({ openapi: '3.1.0', info: {} }))).toContain('webhooks');
  });

  it('rejects what is not an OpenAPI document', () => {
    expect(specProblem('openapi: [unclosed')).toContain('not JSON or YAML');
    expect(specProblem('- a\n- b\n')).toContain('not an object');
    expect(specProblem(JSON.stringify({ openapi: '2.0', info: {}, paths: {} }))).toContain('3.x');
    expect(specProblem(JSON.stringify({ swagger: '1.2', info: {}, paths: {} }))).toContain('swagger');
    expect(specProblem(JSON.stringify({ openapi: '3.0.0', paths: {} }))).toContain('info');
  });
});

describe('specFormatOf', () => {
  it('names JSON text json and anything else yaml', () => {
    expect(specFormatOf('{"openapi": "3.0.0"}')).toBe('json');
    expect(specFormatOf('openapi: 3.0.0')).toBe('yaml');
  });
});
