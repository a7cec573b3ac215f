import type { Role } from '../api/schemas/common.js';

/** A caller's standing in an organization: a role, or null for a guest member. */
export type MemberRole = Role | null;

/** GitBook's hierarchy: each role can do everything the roles below it can. */
const RANK: Record<Role, number> = { read: 1, comment: 2, review: 3, edit: 4, create: 5, admin: 6 };

export function roleRank(role: MemberRole): number {
  return role === null ? 0 : RANK[role];
}

export function roleAtLeast(role: MemberRole, needed: Role): boolean {
  return roleRank(role) >= RANK[needed];
}
