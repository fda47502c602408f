import { IMAP_TLS_PORT, SMTP_TLS_PORT } from '@switchboard/model';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';

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

export type TestPart = { ok: boolean; detail: string };

/**
 * TLS: IMAP on 993 and SMTP on 465 speak TLS from the first byte; on any other port the session
 * starts in plain text and is upgraded by STARTTLS whenever the server offers it (both clients
 * do so by default). Certificates are verified.
 */
export function imapClient(account: MailAccount, timeoutMs: number): ImapFlow {
  const client = new ImapFlow({
    host: account.imapHost,
    port: account.imapPort,
    secure: account.imapPort === IMAP_TLS_PORT,
    auth: { user: account.login, pass: account.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
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

/** A failure as an administrator reads it: what the server said, else what the network said. */
export function describeMailError(error: unknown): string {
  const e = error as MailError;
  const said = (e.responseText ?? e.response ?? '').trim();
  // The SMTP client wraps socket errors (ESOCKET): the system's code is in the message.
  const codes = `${e.code ?? ''} ${e.message ?? ''}`;
  if (/ECONNREFUSED/.test(codes)) return 'the connection was refused';
  if (/ENOTFOUND|EAI_AGAIN/.test(codes)) return 'the host name is not known';
  if (/TIMEOUT|ETIMEDOUT/i.test(codes)) return 'the server did not answer in time';
  if (said) return said;
  if (e.code && e.message) return `${e.message} (${e.code})`;
  return e.message || String(error);
}

/** Signs in over IMAP and opens the mailbox read-only. */
export async function testImap(account: MailAccount, timeoutMs: number): Promise<TestPart> {
  const where = `${account.imapHost}:${account.imapPort}`;
  const client = imapClient(account, timeoutMs);
  try {
    try {
      await client.connect();
    } catch (error) {
      const e = error as MailError;
      if (e.authenticationFailed) {
        return {
          ok: false,
          detail: `IMAP sign-in to ${where} as ${account.login} was refused: ${describeMailError(e)}`,
        };
      }
      return { ok: false, detail: `Cannot connect to the IMAP server ${where}: ${describeMailError(e)}` };
    }
    try {
      const box = await client.mailboxOpen(account.mailbox, { readOnly: true });
      return {
        ok: true,
        detail: `Signed in to ${where} as ${account.login}; mailbox ${box.path} holds ${box.exists} message(s)`,
      };
    } catch (error) {
      return {
        ok: false,
        detail: `Signed in to ${where}, but the mailbox ${account.mailbox} cannot be opened: ${describeMailError(error)}`,
      };
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Connects over SMTP, says EHLO (and STARTTLS where offered) and signs in with AUTH. */
export async function testSmtp(account: MailAccount, timeoutMs: number): Promise<TestPart> {
  const where = `${account.smtpHost}:${account.smtpPort}`;
  const transport = nodemailer.createTransport({
    host: account.smtpHost,
    port: account.smtpPort,
    secure: account.smtpPort === SMTP_TLS_PORT,
    auth: { user: account.login, pass: account.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return { ok: true, detail: `Signed in to ${where} as ${account.login} (EHLO and AUTH accepted)` };
  } catch (error) {
    const e = error as MailError;
    if (e.code === 'EAUTH') {
      return { ok: false, detail: `SMTP sign-in to ${where} as ${account.login} was refused: ${describeMailError(e)}` };
    }
    return { ok: false, detail: `Cannot connect to the SMTP server ${where}: ${describeMailError(e)}` };
  } finally {
    transport.close();
  }
}
