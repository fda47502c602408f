import { errorDetail } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { type AddressObject, simpleParser } from 'mailparser';
import type { AppContext } from '../../../context.js';
import { queryRows } from '../../../db/sql.js';
import { runFlow } from '../../../flows/runner.js';
import { FAILURE_KEYS } from '../../../net/outbound.js';
import { describeMailError, imapClient, type MailAccount, mailFailureKind } from './mail.js';

/** pg-boss queue of the poll: one job per tick across the API nodes (a singleton per tick). */
export const EMAIL_POLL_QUEUE = 'email-poll';
/** Profiles one poll claims at once; the rest wait for the next tick. */
const CLAIM_BATCH = 10;
/** Messages one fetch hands over at most: a full mailbox is worked through over several fetches. */
export const EMAIL_FETCH_MAX_MESSAGES = 50;

type ClaimedProfile = MailAccount & {
  id: number;
  domainId: number;
  domain: string;
  flow: { id: number; name: string; type: string; schema: unknown };
};

/** `error` is what the profile's administrator reads; `detail`, for the server log only, what the mail server said. */
export type FetchOutcome = { profileId: number; fetched: number; error: string; detail?: string };

/**
 * The lease a node holds on a profile while it fetches it: other nodes skip the profile until the
 * lease ends. It is renewed after each message, so it only runs out when the node died.
 */
const leaseSeconds = (ctx: AppContext) => ctx.config.emailTimeoutSeconds * 4;

/**
 * Claims the enabled profiles that are due (across every domain), at most CLAIM_BATCH. `FOR UPDATE
 * SKIP LOCKED` and the lease make each profile fetched by one node at a time: a node that finds
 * a profile locked by another's claim, or leased, passes over it.
 */
async function claimDue(ctx: AppContext, only?: number): Promise<ClaimedProfile[]> {
  const lease = leaseSeconds(ctx);
  return queryRows<ClaimedProfile>(
    ctx.db,
    sql`update email_profiles p set lease_until = now() + make_interval(secs => ${lease})
      from (
        select id from email_profiles
        where enabled and (next_fetch_at is null or next_fetch_at <= now())
          and (lease_until is null or lease_until < now())
          ${only === undefined ? sql`` : sql`and id = ${only}`}
        order by next_fetch_at nulls first, id
        limit ${CLAIM_BATCH}
        for update skip locked
      ) due, flows f, domains d
      where p.id = due.id and f.id = p.flow_id and d.id = p.domain_id
      returning p.id, p.domain_id as "domainId", d.name as domain,
        p.imap_host as "imapHost", p.imap_port as "imapPort", p.smtp_host as "smtpHost", p.smtp_port as "smtpPort",
        p.login, p.password, p.mailbox,
        json_build_object('id', f.id, 'name', f.name, 'type', f.type, 'schema', f.schema) as flow`,
  );
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .filter(Boolean)
    .join(', ');

/**
 * The variables a fetched email's flow run gets (all text): from, fromName, to, cc, replyTo,
 * subject, text, html, messageId, inReplyTo, date (ISO 8601), attachments (file names, comma
 * separated), and the mailbox and UID it was read from.
 */
export async function emailVariables(source: Buffer, mailbox: string, uid: number): Promise<Record<string, string>> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const from = mail.from?.value[0];
  return {
    from: from?.address ?? '',
    fromName: from?.name ?? '',
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    replyTo: addresses(mail.replyTo),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    messageId: mail.messageId ?? '',
    inReplyTo: mail.inReplyTo ?? '',
    date: mail.date ? mail.date.toISOString() : '',
    attachments: mail.attachments
      .map((a) => a.filename ?? '')
      .filter(Boolean)
      .join(', '),
    mailbox,
    uid: String(uid),
  };
}

/**
 * Fetches one claimed profile: each unseen message of its mailbox (oldest first, at most
 * EMAIL_FETCH_MAX_MESSAGES) is handed to the flow runner, then flagged \Seen. A message whose
 * hand-over fails stays unseen (the next fetch tries it again) and its error becomes the
 * profile's last error. The run id `<profile>-<uidvalidity>-<uid>` is the same on every try, so a
 * runner can tell a repeated hand-over.
 */
async function fetchProfile(ctx: AppContext, profile: ClaimedProfile): Promise<FetchOutcome> {
  const timeoutMs = ctx.config.emailTimeoutSeconds * 1000;
  let fetched = 0;
  const errors: string[] = [];
  let client: ImapFlow | null = null;
  let detail: string | undefined;
  try {
    client = await imapClient(profile, timeoutMs, { allow: ctx.config.outboundAllow });
    await client.connect();
    const lock = await client.getMailboxLock(profile.mailbox);
    try {
      const box = client.mailbox;
      const validity = box ? String(box.uidValidity) : '0';
      const unseen = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of unseen.sort((a, b) => a - b).slice(0, EMAIL_FETCH_MAX_MESSAGES)) {
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        const source = message === false ? undefined : message.source;
        if (!source) continue;
        const variables = await emailVariables(source, profile.mailbox, uid);
        const outcome = await runFlow(
          ctx.config,
          {
            domain: profile.domain,
            flow: profile.flow,
            variables,
            origin: { kind: 'email', id: profile.id, runId: `${profile.id}-${validity}-${uid}` },
          },
          { timeoutMs },
        );
        if (outcome.ok) {
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          fetched++;
        } else {
          errors.push(`Message ${variables.messageId || `UID ${uid}`}: ${outcome.error}`);
        }
        await renewLease(ctx, profile.id);
      }
    } finally {
      lock.release();
    }
  } catch (error) {
    // The domain's administrator reads the profile's last error: a kind, never the server's words.
    detail = describeMailError(error);
    errors.push(`IMAP ${profile.imapHost}:${profile.imapPort}: ${errorDetail(FAILURE_KEYS[mailFailureKind(error)])}`);
  } finally {
    const open = client;
    await open?.logout().catch(() => open.close());
  }
  return { profileId: profile.id, fetched, error: errors.join('\n'), detail };
}

async function renewLease(ctx: AppContext, id: number) {
  await ctx.db.execute(
    sql`update email_profiles set lease_until = now() + make_interval(secs => ${leaseSeconds(ctx)}) where id = ${id}`,
  );
}

/** Ends a fetch: the status the profile shows, the lease released, the next fetch due after its interval. */
async function finish(ctx: AppContext, outcome: FetchOutcome) {
  await ctx.db.execute(
    sql`update email_profiles set lease_until = null, last_fetch_at = now(),
      next_fetch_at = now() + make_interval(secs => fetch_interval),
      fetched_count = fetched_count + ${outcome.fetched}, last_error = ${outcome.error}
      where id = ${outcome.profileId}`,
  );
}

/**
 * One poll: fetches every enabled profile that is due, each on one node only. The job engine runs
 * it every EMAIL_POLL_SECONDS (scheduler.ts); tests call it directly. `only` limits it to one
 * profile (still only if it is enabled and due).
 */
export async function pollEmailProfiles(ctx: AppContext, only?: number): Promise<FetchOutcome[]> {
  const claimed = await claimDue(ctx, only);
  return Promise.all(
    claimed.map(async (profile) => {
      const outcome = await fetchProfile(ctx, profile);
      await finish(ctx, outcome);
      return outcome;
    }),
  );
}
