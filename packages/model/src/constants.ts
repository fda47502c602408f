/** Business constants and limits (spec part 1 section 9, part 2 section 9). */
export const PAGE_SIZE = 10;
/** Page sizes a list offers; PAGE_SIZE stays the default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const FIRST_PAGE = 1;
/** The largest page the API answers. */
export const MAX_PAGE_SIZE = 1000;
/** The most LIST_MAX_PAGE_SIZE may be set to (the original product's server cap). */
export const PAGE_SIZE_LIMIT = 20_000;
export const LAZY_LOAD_TIMEOUT_MS = 120000;
export const LANGUAGES = ['en', 'ru', 'ua'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'lang';
export const TOKEN_STORAGE_KEY = 'access-token';

export const CHANGE_LOG_DAYS_TO_STORE = 7;
export const CHANGE_LOG_PERIODS = ['daily', 'weekly', 'fortnightly', 'monthly'] as const;
export type ChangeLogPeriod = (typeof CHANGE_LOG_PERIODS)[number];
export const CHANGE_LOG_ACTIONS = ['create', 'update', 'delete'] as const;
export type ChangeLogAction = (typeof CHANGE_LOG_ACTIONS)[number];
/** Sign-ins and sign-outs, written to the signed-in user's log (object `users`) whatever is configured. */
export const SESSION_LOG_ACTIONS = ['login', 'logout'] as const;
/**
 * The security trail: changes of rights, always logged in every domain whatever its configs say.
 * `roles`: a role's permissions and application access; `objclass`: an object class's obac and
 * rbac, class grants and default record access; `record_acl`: a record's permissions; `tokens`:
 * API tokens created and revoked. A config of one sets how long its entries are kept.
 */
export const AUDIT_OBJECTS = ['roles', 'objclass', 'record_acl', 'tokens'] as const;
export type AuditObject = (typeof AUDIT_OBJECTS)[number];
/** Objects whose changes can be logged (REFERENCE "Behaviour the console depends on"), then the security trail. */
export const LOGGABLE_OBJECTS = [
  'queues',
  'flows',
  'users',
  'devices',
  'calendars',
  'blacklists',
  'teams',
  'agents',
  'resources',
  'resource_groups',
  'chat_gateways',
  ...AUDIT_OBJECTS,
] as const;
export type LoggableObject = (typeof LOGGABLE_OBJECTS)[number];
/** Whether changes of the object are logged whatever the domain's configs say. */
export const isAuditObject = (object: string): object is AuditObject =>
  (AUDIT_OBJECTS as readonly string[]).includes(object);

/** Presence tokens a user may carry; the console toggles only dnd. */
export const PRESENCE_DND = 'dnd';
