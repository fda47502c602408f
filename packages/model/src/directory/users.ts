import { z } from 'zod';
import { PROTECTED_REASONS } from '../access.js';
import { PRESENCE_DND } from '../constants.js';
import { col, NAME_COLUMN, nested, resource, sorted } from '../define.js';
import { type ColumnDef, named, ref } from '../resource.js';
import { email, optionalText, refInput, refOutput, required, textMap, timestamps } from '../validation.js';

/** Variables travel as the map `profile`; each needs both a key and a value. */
const userInput = z.object({
  name: optionalText(),
  email: email(),
  username: required(),
  password: z.string().optional(),
  extension: optionalText(),
  roles: z.array(refInput()).default([]),
  device: refInput().nullable().default(null),
  license: z.array(z.number().int().positive()).default([]),
  devices: z.array(refInput()).default([]),
  profile: textMap(),
  dnd: z.boolean().default(false),
  /** Whether the account is active: an inactive user cannot sign in and its tokens stop working. */
  state: z.boolean().default(true),
});

export const presence = z.object({ status: z.string(), note: z.string() });

export const users = resource({
  name: 'users',
  path: '/users',
  objClass: 'users',
  area: 'directory',
  input: userInput,
  createInput: userInput.extend({ password: required() }),
  item: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    extension: z.string(),
    roles: z.array(refOutput()),
    device: refOutput().nullable(),
    license: z.array(z.object({ id: z.number(), prod: z.string() })),
    devices: z.array(refOutput()),
    presence,
    profile: z.record(z.string(), z.string()),
    dnd: z.boolean(),
    state: z.boolean(),
    ...timestamps(),
    /** Computed for the viewer: true where they may not disable or delete the user (the server would refuse). */
    protected: z.boolean().optional(),
    /** Computed for the viewer with `protected`: why (see PROTECTED_REASONS); null where not protected. */
    protectedBy: z.enum(PROTECTED_REASONS).nullable().optional(),
  }),
  listFields: ['id', 'name', 'username', 'extension', 'presence', 'dnd'],
  // What the viewer may not do to each user (see the server's takedown rules).
  viewerFields: ['protected', 'protectedBy'],
  search: ['name', 'username', 'extension', 'email'],
  sort: ['id', 'name', 'username', 'extension', 'email', 'createdAt', 'updatedAt'],
  defaultSort: '+name',
  columns: [NAME_COLUMN, col('presence.status'), sorted('username'), sorted('extension'), col('dnd', 'toggle')],
  // The user editor has a Permissions tab (spec part 1 section 2).
  recordAcl: true,
  logObject: 'users',
  refs: {
    device: ref(named('devices')),
    devices: ref(named('devices'), { many: true }),
  },
});

/** PATCH /users/{id}/presence */
export const presenceInput = z.object({ status: z.enum(['', PRESENCE_DND]), note: z.string().default('') });

/** User API tokens: the value is answered only at creation. */
/** How long a new API token lives, in days; null: until it is deleted. */
export const TOKEN_LIFETIMES = [30, 90, 365, null] as const;
export const DEFAULT_TOKEN_LIFETIME = 90;
export const userTokenInput = z.object({
  usage: required(),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]).default(DEFAULT_TOKEN_LIFETIME),
});
export const userToken = z.object({
  id: z.number(),
  usage: z.string(),
  createdAt: z.string(),
  createdBy: refOutput().nullable(),
  /** When it stops working (null: never); an expired token is refused. */
  expiresAt: z.string().nullable(),
  /** When it last authenticated a request (to the minute); null: never used. */
  lastUsedAt: z.string().nullable(),
});
export const userTokenCreated = userToken.extend({ token: z.string() });

/** Settings of the signed-in user: PUT /user/settings/phone */
export const phoneSettings = z.object({ webrtc: z.boolean().default(false), stun: z.boolean().default(false) });

/** Password change for oneself: PUT /users/password */
export const passwordChange = z.object({ currentPassword: required(), password: required() });

/** User audit log search (GET /logger/user/{userId}/logs). */
export const auditLogQuery = z.object({
  action: z.string().optional(),
  object: z.string().optional(),
  userIp: z.string().optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
});
export const auditLogEntry = z.object({
  id: z.number(),
  action: z.string(),
  object: z.string(),
  recordId: z.number().nullable(),
  date: z.string(),
  user: refOutput().nullable(),
  userIp: z.string(),
  /** The record's name (or class, username, usage) in its state after the change, else before. */
  record: z.string().nullable(),
  newState: z.unknown().nullable(),
  oldState: z.unknown().nullable(),
});

/**
 * A user's API tokens (`/users/{id}/tokens`): listed and revoked under the user, created with a
 * value answered only then (never stored nor listed). The user's rights govern them.
 */
export const userTokens = nested({
  name: 'tokens',
  path: '/users/:id/tokens',
  objClass: null,
  input: userTokenInput,
  created: userTokenCreated,
  item: userToken,
  search: ['usage'],
  defaultSort: '-createdAt',
  columns: [
    sorted('usage'),
    sorted('createdAt', 'date'),
    col('createdBy', 'ref'),
    col('expiresAt', 'date'),
    col('lastUsedAt', 'date'),
  ],
  ops: { create: true, update: false, patch: false, delete: true },
  parent: users,
  param: 'id',
  itemParam: 'tokenId',
});

/** The fields of an audit log entry, in the order a list answers them. */
export const AUDIT_LOG_FIELDS = [
  'id',
  'action',
  'object',
  'recordId',
  'record',
  'date',
  'user',
  'userIp',
  'newState',
  'oldState',
] as const;

/** What a user's log and a config's log share: read-only lists of entries, newest first. */
export const AUDIT_LOG_LIST = {
  sort: ['id', 'date', 'action', 'object', 'userIp', 'recordId'],
  defaultSort: '-date',
} as const;

/** The columns of an audit log, the third (who or what) being the log's own. */
export const auditLogColumns = (third: ColumnDef): ColumnDef[] => [
  { field: 'date', kind: 'date', sort: 'date' },
  { field: 'action', sort: 'action' },
  third,
  { field: 'recordId', sort: 'recordId' },
  { field: 'userIp', sort: 'userIp' },
];

/**
 * What a user did (`/logger/user/{userId}/logs`): change-log entries it made and its sign-ins,
 * newest first; read-only, under the user's read right. Filters: `auditLogQuery`.
 */
export const userLogs = nested({
  name: 'userLogs',
  path: '/logger/user/:userId/logs',
  objClass: null,
  ...AUDIT_LOG_LIST,
  item: auditLogEntry,
  fields: AUDIT_LOG_FIELDS,
  columns: auditLogColumns({ field: 'object', sort: 'object' }),
  parent: users,
  param: 'userId',
});
