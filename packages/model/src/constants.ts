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
/** Objects whose changes can be logged (REFERENCE "Behaviour the console depends on"). */
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
] as const;
export type LoggableObject = (typeof LOGGABLE_OBJECTS)[number];

/** Presence tokens a user may carry; the console toggles only dnd. */
export const PRESENCE_DND = 'dnd';
