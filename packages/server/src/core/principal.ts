import type { Permission, RoleAccess, ScopeEntry } from '@switchboard/model';

/** Who is calling: resolved from the bearer token by the authentication hook. */
export type Principal = {
  userId: number;
  domainId: number;
  domain: string;
  name: string;
  username: string;
  roleIds: number[];
  roles: { id: number; name: string }[];
  permissions: Set<Permission>;
  /** class → entry, for every class of the domain. */
  scope: Map<string, ScopeEntry>;
  access: RoleAccess;
  /** The token row that authenticated the call, so logout can revoke it. */
  tokenId: number;
  tokenExpiresAt: string | null;
  /** A sign-in session, or an API token (which may not change passwords, two-factor or tokens). */
  tokenKind: 'session' | 'token';
};

/**
 * Every route declares its guard in `config.guard`; registration fails without one.
 * - 'public': no authentication (login, health, config.json, static files, docs).
 * - 'telephony': the SIP server's calls, by the shared secret.
 * - 'authenticated': any signed-in user of the domain.
 * - { class, right }: the class right (checked when obac is on) and, for item routes of classes
 *   with rbac on, the record right on the `:id` param (recordParam names another param).
 * - { permission }: a global role permission.
 */
export type Guard =
  | 'public'
  /** The SIP server this API runs: the X-Telephony-Secret header (TELEPHONY_SECRET); 404 when none is set. */
  | 'telephony'
  | 'authenticated'
  | {
      class?: string;
      right?: 'r' | 'x' | 'w' | 'd';
      permission?: Permission;
      recordParam?: string;
    };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    guard?: Guard;
    /** The route also takes the token as `?access_token=` (EventSource, audio elements, uploads). */
    queryToken?: boolean;
    /** The resource its validation errors name (`app.<resource>.validation`); else its path. */
    resource?: string;
  }
}
