import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { organizationRoutes } from './organization-routes.js';
import { memberRoutes } from './member-routes.js';
import { teamRoutes } from './team-routes.js';
import { samlRoutes } from './saml-routes.js';
import { translationRoutes } from './translation-routes.js';
import { collectionRoutes } from './collection-routes.js';
import { siteRoutes } from './site-routes.js';
import { sectionGroupRoutes } from './section-group-routes.js';
import { sectionRoutes } from './section-routes.js';
import { siteSpaceRoutes } from './site-space-routes.js';
import { shareLinkRoutes } from './share-link-routes.js';
import { changeRequestRoutes } from './change-request-routes.js';
import { contentRoutes } from './content-routes.js';
import { searchRoutes } from './search-routes.js';
import { commentRoutes } from './comment-routes.js';
import { openapiRoutes } from './openapi-routes.js';
import { spaceRoutes } from './space-routes.js';
import { gitImportRoutes } from './git-import-routes.js';
import { changeRequestChangesRoute } from './change-request-changes-route.js';
import { changeRequestReviewRoutes } from './change-request-review-routes.js';
import { systemRoutes } from './system-routes.js';

/** Every operation of the API, by group. Each group lives in its own file. */
export function registerAllRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  systemRoutes(define, ctx);
  spaceRoutes(define, ctx);
  organizationRoutes(define, ctx);
  memberRoutes(define, ctx);
  teamRoutes(define, ctx);
  samlRoutes(define, ctx);
  translationRoutes(define, ctx);
  collectionRoutes(define, ctx);
  siteRoutes(define, ctx);
  sectionGroupRoutes(define, ctx);
  sectionRoutes(define, ctx);
  siteSpaceRoutes(define, ctx);
  shareLinkRoutes(define, ctx);
  changeRequestRoutes(define, ctx);
  changeRequestReviewRoutes(define, ctx);
  changeRequestChangesRoute(define, ctx);
  contentRoutes(define, ctx);
  gitImportRoutes(define, ctx);
  searchRoutes(define, ctx);
  commentRoutes(define, ctx);
  openapiRoutes(define, ctx);
}
