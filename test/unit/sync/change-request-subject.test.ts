import { describe, expect, it } from 'vitest';
import {
  changeRequestSubject,
  recordedCommit,
  recordedToken,
  SUBJECT_MAX,
  subjectMarker,
  withoutSyncToken,
  withSyncToken,
} from '../../../src/sync/change-request-subject.js';

describe('changeRequestSubject', () => {
  it('renders the commit subject and appends the marker', () => {
    const subject = changeRequestSubject('{commit.subject}', 'docs', { oid: 'abcdef1234567890', subject: 'Fix install guide' });
    expect(subject).toBe('Fix install guide [docsync:docs]');
  });

  it('fills {commit.sha} and {target}, and has a fallback without a commit', () => {
    expect(changeRequestSubject('{target} at {commit.sha}', 'api', { oid: 'abcdef1234567890', subject: 's' })).toBe('api at abcdef123456 [docsync:api]');
    expect(changeRequestSubject('{commit.subject}', 'api', undefined)).toBe('Update docs from api [docsync:api]');
  });

  it('cuts a long subject at a word boundary within 100 characters, keeping the marker', () => {
    const long = 'Rewrite '.repeat(30);
    const subject = changeRequestSubject(long, 'product-docs', { oid: 'a'.repeat(40), subject: '' });
    expect(subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(subject.endsWith(`… ${subjectMarker('product-docs')}`)).toBe(true);
    expect(subject).toMatch(/Rewrite… \[docsync/);
  });

  it('never splits an emoji when cutting', () => {
    const subject = changeRequestSubject('🚀'.repeat(80), 't', undefined);
    expect(subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(subject).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('recordedCommit', () => {
  it('records the synced commit before the marker, within 100 characters, and reads it back', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const subject = changeRequestSubject('Rewrite '.repeat(30), 'docs', { oid: sha, subject: '' }, sha);
    expect(subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(subject.endsWith(' @0123456789ab [docsync:docs]')).toBe(true);
    expect(recordedCommit(subject, 'docs')).toBe('0123456789ab');
  });

  it('reads nothing from a subject without one, or of another target', () => {
    expect(recordedCommit('Fix install guide [docsync:docs]', 'docs')).toBeUndefined();
    expect(recordedCommit('Fix @0123456789ab [docsync:api]', 'docs')).toBeUndefined();
    expect(recordedCommit(undefined, 'docs')).toBeUndefined();
  });
});

describe('the sync token in the subject', () => {
  const sha = '0123456789abcdef0123456789abcdef01234567';

  it('goes before the marker, after the commit, within 100 characters and without cutting the text again', () => {
    const subject = changeRequestSubject('Rewrite '.repeat(30), 'docs', { oid: sha, subject: '' }, sha);
    const tokened = withSyncToken(subject, 'docs', 'aaaaaaaaaaaa');
    expect(tokened).toBe(subject.replace(' [docsync:docs]', ' ~aaaaaaaaaaaa [docsync:docs]'));
    expect(tokened.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(recordedToken(tokened, 'docs')).toBe('aaaaaaaaaaaa');
    expect(recordedCommit(tokened, 'docs')).toBe('0123456789ab');
  });

  it('replaces the token a subject held, and is left out when subjects are compared', () => {
    const first = withSyncToken('Fix install guide [docsync:docs]', 'docs', 'aaaaaaaaaaaa');
    const second = withSyncToken(first, 'docs', 'bbbbbbbbbbbb');
    expect(second).toBe('Fix install guide ~bbbbbbbbbbbb [docsync:docs]');
    expect(withoutSyncToken(second, 'docs')).toBe('Fix install guide [docsync:docs]');
  });

  it('reads none from a subject without one, or of another target', () => {
    expect(recordedToken('Fix install guide [docsync:docs]', 'docs')).toBeUndefined();
    expect(recordedToken('Fix ~aaaaaaaaaaaa [docsync:api]', 'docs')).toBeUndefined();
    expect(recordedToken(undefined, 'docs')).toBeUndefined();
  });
});
