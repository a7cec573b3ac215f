import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { serializeUser } from '../serializers/serialize-user.js';

/** Reported by `GET /`; the emulator follows the API as published in `@gitbook/api` 0.130.0. */
const API_INFORMATION = { version: '0.130.0', build: 'docsync-emulator' };

/** API information and the authenticated user. */
export function systemRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({ method: 'GET', url: '/v1/', handler: () => API_INFORMATION });
  define({ method: 'GET', url: '/v1/user', handler: ({ caller }) => serializeUser(ctx, caller.user) });
}
