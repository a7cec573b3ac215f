import { expect } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, call, json, type CallResult } from '../../support/emulator-harness.js';

/** Shared by the site, section, section group, site space and share link tests. */

export const SITES = `/v1/orgs/${ORG}/sites`;
export const siteUrl = (siteId: string): string => `${SITES}/${siteId}`;

export function expectBadField(res: CallResult, field: string): void {
  expect(res.status).toBe(400);
  expect(json(res.body).error.message).toContain(`"${field}"`);
}

export async function createSite(emulator: RunningEmulator, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call(emulator, 'POST', SITES, { body: { title: 'Test site', ...body } });
  expect(res.status).toBe(201);
  return json(res.body).id as string;
}

export async function createSection(emulator: RunningEmulator, siteId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await call(emulator, 'POST', `${siteUrl(siteId)}/sections`, { body: { spaceId: 'space-docs', ...body } });
  expect(res.status).toBe(201);
  return json(res.body);
}

export async function ids(emulator: RunningEmulator, path: string, query: Record<string, string> = {}): Promise<string[]> {
  const res = await call(emulator, 'GET', path, { query });
  expect(res.status).toBe(200);
  return json(res.body).items.map((item: { id: string }) => item.id);
}

/** The secret of a share link, as a visitor receives it inside the published URL. */
export function shareKeyOf(link: Record<string, any>): string {
  const key = new URL(link.urls.published as string).searchParams.get('share');
  expect(key).toBeTruthy();
  return key!;
}
