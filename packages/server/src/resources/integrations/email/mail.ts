import { IMAP_TLS_PORT, SMTP_TLS_PORT } from '@switchboard/model';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import {
  type FailureKind,
  failureOf,
  type OutboundOptions,
  refusalOf,
  resolveOutbound,
  serverNameOf,
} from '../../../net/outbound.js';

/** What a mail server needs to know of a profile: where, who, which mailbox. */
export type MailAccount = {
  imapHost: string;
  imapPort: number;
  smtpHost: string;
  smtpPort: number;
  login: string;
  password: string;
  mailbox: string;
};

/**
 * How a mail client reaches `host`: at the checked `address` (the certificate checked for `host`),
 * TLS from the first byte on `tlsPort`, signed in as the account, every wait bounded.
 */
function mailConnection(
  account: MailAccount,
  address: string,
  host: string,
  port: number,
  tlsPort: number,
  timeoutMs: number,
) {
  return {
    host: address,
    servername: serverNameOf(host),
    port,
    secure: port === tlsPort,
    auth: { user: account.login, pass: account.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

/**
 * TLS: IMAP on 993 and SMTP on 465 speak TLS from the first byte; on any other port the session
 * starts in plain text and is upgraded by STARTTLS whenever the server offers it (both clients
 * do so by default). Certificates are verified against the host name. The host is resolved once
 * under the outbound policy and the client connects to that address.
 */
export async function imapClient(
  account: MailAccount,
  timeoutMs: number,
  outbound: OutboundOptions,
): Promise<ImapFlow> {
  const { address } = await resolveOutbound(account.imapHost, account.imapPort, outbound);
  const client = new ImapFlow({
    ...mailConnection(account, address, account.imapHost, account.imapPort, IMAP_TLS_PORT, timeoutMs),
    logger: false,
    disableAutoIdle: true,
  });
  // A dropped connection is reported by the command that was waiting on it; the event alone
  // must not crash the process.
  client.on('error', () => {});
  return client;
}

type MailError = Error & {
  code?: string;
  authenticationFailed?: boolean;
  responseText?: string;
  response?: string;
  serverResponseCode?: string;
};

/** A failure in full, for the server log only: what the server said, else what the network said. */
export function describeMailError(error: unknown): string {
  const e = error as MailError;
  const said = (e.responseText ?? e.response ?? '').trim();
  return [e.code, e.message, said].filter(Boolean).join(' ') || String(error);
}

/**
 * What a domain administrator is told of a failure: its kind, never the server's words or the
 * network's error (which would make "Test connection" a port scanner).
 */
export function mailFailureKind(error: unknown): FailureKind {
  const e = error as MailError;
  if (refusalOf(error)) return 'policy';
  if (e.authenticationFailed || e.code === 'EAUTH') return 'signIn';
  if (e.responseText || e.response || e.serverResponseCode) return 'answer';
  return 'connect';
}

export type TestPart = { ok: boolean; detail: string; key?: string };

/** A failed side of a test: its generic text and key, the full error in the log. */
function failed(side: 'IMAP' | 'SMTP', error: unknown, log: MailLog, where: string): TestPart {
  const kind = mailFailureKind(error);
  log.warn({ err: error, where, detail: describeMailError(error) }, `${side} test of an email profile failed`);
  return failureOf(kind);
}

export type MailLog = { warn(obj: object, msg: string): void };

/** How a test reaches the servers: its time limit and the outbound policy; where failures are logged. */
export type MailTest = { timeoutMs: number; outbound: OutboundOptions; log: MailLog };

/** Signs in over IMAP and opens the mailbox read-only. */
export async function testImap(account: MailAccount, { timeoutMs, outbound, log }: MailTest): Promise<TestPart> {
  const where = `${account.imapHost}:${account.imapPort}`;
  let client: ImapFlow;
  try {
    client = await imapClient(account, timeoutMs, outbound);
  } catch (error) {
    return failed('IMAP', error, log, where);
  }
  try {
    try {
      await client.connect();
    } catch (error) {
      return failed('IMAP', error, log, where);
    }
    try {
      const box = await client.mailboxOpen(account.mailbox, { readOnly: true });
      return {
        ok: true,
        detail: `Signed in to ${where} as ${account.login}; mailbox ${box.path} holds ${box.exists} message(s)`,
      };
    } catch (error) {
      log.warn({ err: error, where, detail: describeMailError(error) }, 'IMAP test: the mailbox cannot be opened');
      return failureOf('outboundMailbox');
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Connects over SMTP, says EHLO (and STARTTLS where offered) and signs in with AUTH. */
export async function testSmtp(account: MailAccount, { timeoutMs, outbound, log }: MailTest): Promise<TestPart> {
  const where = `${account.smtpHost}:${account.smtpPort}`;
  let address: string;
  try {
    ({ address } = await resolveOutbound(account.smtpHost, account.smtpPort, outbound));
  } catch (error) {
    return failed('SMTP', error, log, where);
  }
  const transport = nodemailer.createTransport({
    ...mailConnection(account, address, account.smtpHost, account.smtpPort, SMTP_TLS_PORT, timeoutMs),
  });
  try {
    await transport.verify();
    return { ok: true, detail: `Signed in to ${where} as ${account.login} (EHLO and AUTH accepted)` };
  } catch (error) {
    return failed('SMTP', error, log, where);
  } finally {
    transport.close();
  }
}
