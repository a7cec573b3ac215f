import { describe, expect, it } from 'vitest';
import { describeSent } from '../../../src/api/describe-sent.js';

describe('describeSent', () => {
  it('lists the fields of a body with short values', () => {
    expect(describeSent({ title: 'Guides', hidden: false, order: 2, parent: null })).toBe('title = "Guides", hidden = false, order = 2, parent = null');
  });

  it('drops the query string and credentials of URLs, where signatures and share keys live', () => {
    const described = describeSent({ url: 'https://user:pw@host.example/a/b.zip?signature=s3cr3t&expires=1' });
    expect(described).toBe('url = "https://host.example/a/b.zip?…"');
    expect(described).not.toMatch(/s3cr3t|pw/);
  });

  it('cuts long strings and shows only the keys of objects and the length of arrays', () => {
    expect(describeSent({ description: 'x'.repeat(100), source: { text: 'openapi: 3.1.0' }, tags: ['a', 'b'] })).toBe(
      `description = "${'x'.repeat(60)}…", source = {text}, tags = [2 items]`,
    );
  });

  it('says nothing for a body that is not an object', () => {
    expect(describeSent(undefined)).toBeUndefined();
    expect(describeSent('text')).toBeUndefined();
    expect(describeSent([1])).toBeUndefined();
    expect(describeSent({})).toBeUndefined();
  });
});
