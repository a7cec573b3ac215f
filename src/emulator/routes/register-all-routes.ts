import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { organizationRoutes } from './organization-routes.js';

/** Every operation of the API, by group. Each group lives in its own file. */
export function registerAllRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  organizationRoutes(define, ctx);
}
