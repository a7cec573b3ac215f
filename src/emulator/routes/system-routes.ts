import { API_CONTRACTS } from '../../api/contracts/api-contract.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { serializeUser } from '../serializers/serialize-user.js';

/** API information and the authenticated user. */
export function systemRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  // The release of the document the emulator follows in this mode: how clients tell the two apart.
  const information = { version: API_CONTRACTS[ctx.options.contract].version, build: 'docsync-emulator' };
  define({ method: 'GET', url: '/v1/', handler: () => information });
  define({ method: 'GET', url: '/v1/user', handler: ({ caller }) => serializeUser(ctx, caller.user) });
}
