import { z } from 'zod';
import { answerOf, BY_NAME_AND_TIME, DESCRIPTION_FIELD, NAME_COLUMN, NAME_FIELD, resource, sorted } from '../define.js';
import { messages } from '../messages.js';
import { ref } from '../resource.js';
import { flowRef, flows } from '../routing/flows.js';
import { int, isHost, optionalText, required, timestamps } from '../validation.js';

/** Defaults of a new email profile (spec part 2 section 9): IMAP over TLS, SMTP submission. */
export const EMAIL_IMAP_PORT = 993;
export const EMAIL_SMTP_PORT = 587;
/** Seconds between two fetches of a profile's mailbox. */
export const EMAIL_FETCH_INTERVAL = 60;
/**
 * Bounds of the fetch interval: polling a mailbox more often than every 10 seconds only loads the
 * mail server; once a day is the longest that still reads as "polling".
 */
export const EMAIL_FETCH_INTERVAL_MIN = 10;
export const EMAIL_FETCH_INTERVAL_MAX = 86_400;
/** The mailbox every IMAP server has. */
export const EMAIL_MAILBOX = 'INBOX';
/**
 * A fetched email runs a service flow: it is no call (voice), no chat conversation (chat) and no
 * agent's task form (processing), but background work started by the system, as a trigger's run is.
 */
export const EMAIL_FLOW_TYPE = 'service';
/** Ports: implicit TLS on these; any other port starts in plain text and upgrades by STARTTLS when offered. */
export const IMAP_TLS_PORT = 993;
export const SMTP_TLS_PORT = 465;

const port = (fallback: number) => int({ min: 0, max: 65_535 }).default(fallback);
const hostName = () => required().refine(isHost, { error: messages.host });

const emailProfileInput = z.object({
  name: required(),
  description: optionalText(),
  enabled: z.boolean().default(true),
  schema: flowRef(),
  imapHost: hostName(),
  imapPort: port(EMAIL_IMAP_PORT),
  smtpHost: hostName(),
  smtpPort: port(EMAIL_SMTP_PORT),
  fetchInterval: int({ min: EMAIL_FETCH_INTERVAL_MIN, max: EMAIL_FETCH_INTERVAL_MAX }).default(EMAIL_FETCH_INTERVAL),
  login: required(),
  mailbox: required().default(EMAIL_MAILBOX),
  /** Write-only: never answered; left out (or empty) on update, the stored one stays. */
  password: z.string().optional(),
});

/** The password is never answered; `passwordSet` tells whether one is stored. */
export const emailProfileItem = answerOf(
  emailProfileInput,
  {
    passwordSet: z.boolean(),
    /** When the mailbox was last fetched (null: never), how many messages were handed over in all, the last fetch's error. */
    lastFetchAt: z.string().nullable(),
    fetchedCount: z.number(),
    lastError: z.string(),
    ...timestamps(),
  },
  ['password'],
);

export const emailProfiles = resource({
  name: 'emailProfiles',
  noun: 'email profile',
  path: '/email/profile',
  objClass: 'email_profile',
  area: 'integrations',
  input: emailProfileInput,
  item: emailProfileItem,
  listFields: ['id', 'name', 'imapHost', 'login', 'enabled', 'lastFetchAt', 'lastError'],
  ...BY_NAME_AND_TIME,
  columns: [
    NAME_COLUMN,
    sorted('imapHost'),
    sorted('login'),
    sorted('enabled', 'toggle'),
    sorted('lastFetchAt', 'date'),
  ],
  recordAcl: true,
  refs: { schema: ref(() => flows, { filter: { type: EMAIL_FLOW_TYPE } }) },
  form: {
    fields: [
      NAME_FIELD,
      { field: 'schema', kind: 'ref', required: true, label: 'emailProfiles.schema' },
      DESCRIPTION_FIELD,
      { field: 'enabled', kind: 'switch' },
      { field: 'imapHost', required: true, label: 'emailProfiles.imapHost' },
      { field: 'imapPort', kind: 'number', required: true, min: 0, max: 65_535, label: 'emailProfiles.imapPort' },
      { field: 'smtpHost', required: true, label: 'emailProfiles.smtpHost' },
      { field: 'smtpPort', kind: 'number', required: true, min: 0, max: 65_535, label: 'emailProfiles.smtpPort' },
      { field: 'login', required: true, label: 'emailProfiles.login' },
      { field: 'password', kind: 'password', label: 'emailProfiles.password' },
      { field: 'mailbox', required: true, label: 'emailProfiles.mailbox' },
      {
        field: 'fetchInterval',
        kind: 'number',
        required: true,
        min: EMAIL_FETCH_INTERVAL_MIN,
        max: EMAIL_FETCH_INTERVAL_MAX,
        label: 'emailProfiles.fetchInterval',
      },
    ],
  },
});

/**
 * One side of a connection test: did it sign in, and what happened. A failure says only its kind
 * (`key`, the console's `errors.<key>`), never the mail server's words.
 */
export const emailTestPart = z.object({ ok: z.boolean(), detail: z.string(), key: z.string().optional() });
/** What "Test connection" answers: IMAP (sign-in and mailbox) and SMTP (EHLO and AUTH) apart. */
export const emailTestResult = z.object({ ok: z.boolean(), imap: emailTestPart, smtp: emailTestPart });
export type EmailTestResult = z.output<typeof emailTestResult>;

/** The console route of a profile's editor (spec: `email-profile/{id}` beside the list). */
export const EMAIL_PROFILE_EDIT_ROUTE = '/integrations/email-profile';
