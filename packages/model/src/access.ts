/**
 * The access model shared by server and console: classes, rights letters, access modes,
 * global permissions and applications (spec part 1 section 6, part 2 sections 3 and 6).
 */

export const ACCESS_CLASSES = [
  'users',
  'devices',
  'flow',
  'acr_routing',
  'gateways',
  'chats',
  'cc_list',
  'calendars',
  'lookups',
  'media_file',
  'cc_agent',
  'cc_bucket',
  'cc_queue',
  'cc_resource_group',
  'cc_resource',
  'cc_team',
  'storage_profile',
  'cognitive_profile',
  'email_profile',
  'import_template',
  'trigger',
  'roles',
] as const;
export type AccessClass = (typeof ACCESS_CLASSES)[number];

/** Classes the console always treats as fully granted (spec part 1 section 6). */
export const ALWAYS_FULL_ACCESS = ['flow', 'communications', 'skills'] as const;

/** Rights: r read, x create, w edit, d delete. */
export const RIGHTS = ['r', 'x', 'w', 'd'] as const;
export type Right = (typeof RIGHTS)[number];
export const RIGHT_NAMES: Record<Right, 'read' | 'create' | 'edit' | 'delete'> = {
  r: 'read',
  x: 'create',
  w: 'edit',
  d: 'delete',
};

/** Access mode of one right: 1 forbidden, 2 allow, 3 manage (allow with delegation). */
export const ACCESS_MODE = { forbidden: 1, allow: 2, manage: 3 } as const;
export type AccessMode = (typeof ACCESS_MODE)[keyof typeof ACCESS_MODE];

/** A grants string holds each right once (allow) or twice (manage); absent means forbidden. */
export function modeOf(grants: string, right: Right): AccessMode {
  let n = 0;
  for (const c of grants) if (c === right) n++;
  return n >= 2 ? 3 : n === 1 ? 2 : 1;
}

export function grantsFromModes(modes: Partial<Record<Right, AccessMode>>): string {
  let out = '';
  for (const r of RIGHTS) {
    const m = modes[r] ?? 1;
    if (m === 2) out += r;
    if (m === 3) out += r + r;
  }
  return out;
}

export function isGrantsString(value: string): boolean {
  if (!/^[rxwd]*$/.test(value)) return false;
  return RIGHTS.every((r) => modeOf(value, r) !== 3 || value.split(r).length - 1 === 2);
}

/** Rights letters encoded as bits: allow bit and manage bit per right. */
const BIT: Record<Right, number> = { r: 1, x: 2, w: 4, d: 8 };
export function grantsToBits(grants: string): number {
  let bits = 0;
  for (const r of RIGHTS) {
    const m = modeOf(grants, r);
    if (m >= 2) bits |= BIT[r];
    if (m === 3) bits |= BIT[r] << 4;
  }
  return bits;
}
export function bitsToGrants(bits: number): string {
  let out = '';
  for (const r of RIGHTS) {
    if (bits & (BIT[r] << 4)) out += r + r;
    else if (bits & BIT[r]) out += r;
  }
  return out;
}
export function rightBit(right: Right): number {
  return BIT[right];
}

/** Global role permissions (spec part 2 section 3). add/read/write/delete act on any record of any class. */
export const PERMISSIONS = [
  'add',
  'delete',
  'read',
  'write',
  'eavesdropCall',
  'playbackRecordFile',
  'exportDataGrid',
  'viewCdrPhoneNumbers',
  'manageUserRoles',
  'manageUserLicense',
  'changeUserPassword',
  'systemSetting',
  /** Post events of the telephony side (device registration, call states, hotdesk log-ins). */
  'telephonyEvents',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The global permission that bypasses class and record checks for one right. */
export const BYPASS_PERMISSION: Record<Right, Permission> = { r: 'read', x: 'add', w: 'write', d: 'delete' };

export const APPLICATIONS = ['admin', 'agent', 'supervisor', 'audit', 'history', 'grafana'] as const;
export type Application = (typeof APPLICATIONS)[number];

/**
 * One entry of the session's scope (GET /api/userinfo): the rights held on a class, each letter
 * once; `manage` the rights the user may also grant to others (delegation), each letter once.
 */
export type ScopeEntry = { class: string; access: string; obac: boolean; rbac: boolean; manage?: string };

/**
 * Why the server refuses the viewer taking a user or role down (the answer's `protectedBy`):
 * `stronger`: it holds rights the viewer does not; `held`: the viewer holds the role;
 * `lastAdministrator`: it is the domain's last active user holding every right, or the role that
 * user holds every right through.
 */
export const PROTECTED_REASONS = ['stronger', 'held', 'lastAdministrator'] as const;
export type ProtectedReason = (typeof PROTECTED_REASONS)[number];

/** Application and section access of a role: 1 forbidden, 2 allow, 3 manage. */
export type AppAccess = { access: AccessMode; sections?: Record<string, AccessMode> };
export type RoleAccess = Partial<Record<Application, AppAccess>>;

export type UserInfo = {
  userId: number;
  name: string;
  username: string;
  domain: string;
  domainId: number;
  scope: ScopeEntry[];
  roles: { id: number; name: string }[];
  permissions: Permission[];
  /** Application and section access merged over the user's roles (highest wins). */
  access: RoleAccess;
  license: { id: number; prod: string }[];
};

/** Does a scope allow a right on a class? With obac off every user of the domain holds the class rights. */
export function scopeAllows(scope: ScopeEntry[], permissions: readonly string[], cls: string, right: Right) {
  if (permissions.includes(BYPASS_PERMISSION[right])) return true;
  const entry = scope.find((s) => s.class === cls);
  if (!entry) return false;
  if (!entry.obac) return true;
  return entry.access.includes(right);
}
