import {
  type AccessMode,
  type Application,
  BYPASS_PERMISSION,
  modeOf,
  type Permission,
  type Right,
  type RoleAccess,
  scopeAllows,
  type UserInfo,
} from '@switchboard/model';
import { appMode, sectionMode } from './values';

/**
 * Which changes of a role's rights the editor offers, by the server's rules for the signed-in
 * user (the server stays the authority; these only spare a refusal):
 * - nobody gives a role what they do not hold themselves, unless the role holds it already
 *   (escalation.ts: only what a change adds beyond the editor is refused);
 * - a role the editor holds, or the one the domain's last administrator holds every right
 *   through (`raiseOnly`), keeps every right it has: it may be raised, not reduced (takedown.ts).
 * Each answers whether a control may move to a value.
 */
export type RoleLimits = {
  /** May the permission's switch be turned on (`on`) or off? */
  permission: (p: Permission, on: boolean) => boolean;
  /** May the application (section null) or its section take this mode? */
  access: (app: Application, section: string | null, mode: AccessMode) => boolean;
  /** May the right on the class take this mode, `stored` being the role's letters on it now? */
  classMode: (cls: string, stored: string, right: Right, mode: AccessMode) => boolean;
  /** Whether the role keeps every right it has (raised only). */
  raiseOnly: boolean;
};

type Stored = { permissions: readonly Permission[]; access: RoleAccess } | null;

export function roleLimits(user: UserInfo | null, stored: Stored, raiseOnly: boolean): RoleLimits {
  const held = user?.permissions ?? [];
  const mine = user?.access ?? {};
  const before = stored ?? { permissions: [], access: {} };
  const keep = raiseOnly && stored !== null;
  const modeNow = (access: RoleAccess, app: Application, section: string | null) =>
    section === null ? appMode(access, app) : sectionMode(access, app, section);
  return {
    raiseOnly: keep,
    permission: (p, on) =>
      on ? held.includes(p) || before.permissions.includes(p) : !(keep && before.permissions.includes(p)),
    access: (app, section, mode) => {
      if (keep && mode < modeNow(before.access, app, section)) return false;
      const limit = modeNow(mine, app, section);
      if (mode <= limit) return true;
      // Beyond the editor already (as the role names it) is no escalation.
      const named = section === null ? before.access[app]?.access : before.access[app]?.sections?.[section];
      return named !== undefined && named > limit;
    },
    classMode: (cls, granted, right, mode) => {
      const now = modeOf(granted, right);
      if (keep && mode < now) return false;
      if (mode === 1) return true;
      const allow = now >= 2 || (user !== null && scopeAllows(user.scope, held, cls, right));
      if (mode === 2) return allow;
      const entry = user?.scope.find((s) => s.class === cls);
      const manage = now === 3 || held.includes(BYPASS_PERMISSION[right]) || (entry?.manage ?? '').includes(right);
      return allow && manage;
    },
  };
}
