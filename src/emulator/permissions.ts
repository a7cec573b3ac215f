import { roleAtLeast, type MemberRole } from './roles.js';

/** `permissions` objects of each resource, computed from the caller's role. */

export function spacePermissions(role: MemberRole) {
  return {
    view: roleAtLeast(role, 'read'),
    access: roleAtLeast(role, 'read'),
    admin: roleAtLeast(role, 'admin'),
    viewInviteLinks: roleAtLeast(role, 'admin'),
    edit: roleAtLeast(role, 'edit'),
    triggerGitSync: roleAtLeast(role, 'edit'),
    comment: roleAtLeast(role, 'comment'),
    merge: roleAtLeast(role, 'edit'),
    review: roleAtLeast(role, 'review'),
    installIntegration: roleAtLeast(role, 'admin'),
  };
}

export function organizationPermissions(role: MemberRole) {
  return {
    view: roleAtLeast(role, 'read') || role === null,
    admin: roleAtLeast(role, 'admin'),
    ownTeam: roleAtLeast(role, 'admin'),
    createContent: roleAtLeast(role, 'create'),
    createOpenAPISpec: roleAtLeast(role, 'create'),
    ingestConversations: roleAtLeast(role, 'admin'),
    viewBilling: roleAtLeast(role, 'admin'),
    listMembers: roleAtLeast(role, 'read'),
    listTeams: roleAtLeast(role, 'read'),
    listIntegrations: roleAtLeast(role, 'admin'),
    access: roleAtLeast(role, 'read'),
    listInstallations: roleAtLeast(role, 'admin'),
    installIntegration: roleAtLeast(role, 'admin'),
  };
}

export function sitePermissions(role: MemberRole) {
  return {
    view: roleAtLeast(role, 'read'),
    access: roleAtLeast(role, 'read'),
    edit: roleAtLeast(role, 'edit'),
    create: roleAtLeast(role, 'create'),
    admin: roleAtLeast(role, 'admin'),
    installIntegration: roleAtLeast(role, 'admin'),
    viewAdaptiveSchema: roleAtLeast(role, 'read'),
    editAdaptiveSchema: roleAtLeast(role, 'create'),
  };
}

export function collectionPermissions(role: MemberRole) {
  return {
    view: roleAtLeast(role, 'read'),
    admin: roleAtLeast(role, 'admin'),
    viewInviteLinks: roleAtLeast(role, 'admin'),
    create: roleAtLeast(role, 'create'),
  };
}

/** Authors may edit and delete their own comments; admins may delete anyone's. */
export function commentPermissions(role: MemberRole, isAuthor: boolean) {
  return {
    view: roleAtLeast(role, 'read'),
    edit: isAuthor && roleAtLeast(role, 'comment'),
    reply: roleAtLeast(role, 'comment'),
    // Required by the official schema, which declares only `reply` ("react or send a reply").
    react: roleAtLeast(role, 'comment'),
    delete: (isAuthor && roleAtLeast(role, 'comment')) || roleAtLeast(role, 'admin'),
  };
}

export function viewEditPermissions(role: MemberRole, editRole: 'edit' | 'create' | 'admin') {
  return { view: roleAtLeast(role, 'read'), edit: roleAtLeast(role, editRole) };
}

export function teamPermissions(role: MemberRole) {
  return { admin: roleAtLeast(role, 'admin'), view: roleAtLeast(role, 'read') };
}
