import { keyedError } from '../core/errors.js';
import type { Principal } from '../core/principal.js';

/**
 * What only a sign-in session may do (a password, two-factor sign-in, minting tokens): an API
 * token that leaks must not be turned into lasting control of its user.
 */
export function refuseApiToken(principal: Principal) {
  if (principal.tokenKind === 'token') throw keyedError(403, 'app.auth.session_only', 'sessionOnly');
}
