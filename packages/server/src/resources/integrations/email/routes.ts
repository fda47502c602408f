import { emailProfiles, emailTestResult } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { keyedError, keyedField } from '../../../core/errors.js';
import { idParamDoc, paramId, sentBody } from '../../../core/route.js';
import { type SignedInRequest, signedInRoutes } from '../../../core/signed-in.js';
import type { Db } from '../../../db/client.js';
import { queryRow } from '../../../db/sql.js';
import { NO_RECORD_PARAM } from '../../engine/define.js';
import { type MailAccount, testImap, testSmtp } from './mail.js';

const base = `/api${emailProfiles.path}`;

/** A profile of the domain with its password, or null. */
export const loadAccount = (db: Db, domainId: number, id: number) =>
  queryRow<MailAccount>(
    db,
    sql`select imap_host as "imapHost", imap_port as "imapPort", smtp_host as "smtpHost", smtp_port as "smtpPort",
      login, password, mailbox from email_profiles where id = ${id} and domain_id = ${domainId}`,
  );

/** Both sides at once, under the outbound policy; the whole test passes when both do. */
async function tested(request: SignedInRequest, account: MailAccount) {
  const { config } = request.server.ctx;
  const test = {
    timeoutMs: config.emailTimeoutSeconds * 1000,
    outbound: { allow: config.outboundAllow },
    log: request.log,
  };
  const [imap, smtp] = await Promise.all([testImap(account, test), testSmtp(account, test)]);
  return { ok: imap.ok && smtp.ok, imap, smtp };
}

/** Where the stored password may go: to the saved hosts and ports, as the saved login. */
const DESTINATION_FIELDS = ['imapHost', 'imapPort', 'smtpHost', 'smtpPort', 'login'] as const;

/**
 * The settings a saved profile is tested with: the values sent over the stored ones. The stored
 * password is used only where the destination and login are the saved ones; a test elsewhere must
 * send the password again (400 naming `password`), so the stored one is never sent to a host the
 * caller chose.
 */
export function testAccount(stored: MailAccount, sent: Partial<MailAccount>): MailAccount {
  const same = (a: unknown, b: unknown) =>
    typeof a === 'string' && typeof b === 'string' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a === b;
  const moved = DESTINATION_FIELDS.some((field) => field in sent && !same(sent[field], stored[field]));
  if (moved && !sent.password) {
    throw keyedError(400, 'app.emailProfiles.validation', 'passwordAgain', {}, [
      keyedField('password', 'passwordAgain'),
    ]);
  }
  return { ...stored, ...sent, password: sent.password || stored.password };
}

/** The connection fields a test reads from the editor's values. */
const testBody = emailProfiles.input.pick({
  imapHost: true,
  imapPort: true,
  smtpHost: true,
  smtpPort: true,
  login: true,
  mailbox: true,
  password: true,
});

/**
 * "Test connection": signs in over IMAP (and opens the mailbox) and over SMTP (EHLO, AUTH).
 * `POST {path}/{id}/test` tests a saved profile, guarded as an edit of it (it uses its password):
 * with no body its stored settings, with a body the editor's values, the stored password where
 * none is sent and the hosts, ports and login are the saved ones. `POST {path}/test` tests a profile not saved yet, guarded as a create.
 */
export function registerEmailRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'emailProfiles', resource: 'emailProfiles' });

  route(`POST ${base}/:id/test`, 'Signs in over IMAP and SMTP with a saved profile (and the values sent, if any)', {
    guard: { class: 'email_profile', right: 'w', recordParam: 'id' },
    params: idParamDoc,
    body: testBody.partial().optional(),
    response: { 200: emailTestResult },
    handler: async (request) => {
      const id = paramId(request, 'emailProfiles');
      const stored = await loadAccount(request.server.ctx.db, request.principal.domainId, id);
      if (!stored) throw keyedError(404, 'app.emailProfiles.not_found', 'notFound', { resource: 'email profile' });
      const given = (sentBody(request.body) ?? {}) as Record<string, unknown>;
      const parsed = (request.body ?? {}) as Record<string, unknown>;
      // Only what was sent replaces the stored settings (not the schema's defaults).
      const sent = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in given)) as Partial<MailAccount>;
      return tested(request, testAccount(stored, sent));
    },
  });

  route(`POST ${base}/test`, 'Signs in over IMAP and SMTP with the settings of a profile not saved yet', {
    guard: { class: 'email_profile', right: 'x', recordParam: NO_RECORD_PARAM },
    body: testBody,
    response: { 200: emailTestResult },
    handler: async (request) => {
      const body = request.body as MailAccount;
      return tested(request, { ...body, password: body.password ?? '' });
    },
  });
}
