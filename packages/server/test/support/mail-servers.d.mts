export type MailUser = { user: string; password: string };
export type Dovecot = { host: string; port: number; users: MailUser[]; dir: string; close(): Promise<void> };
export type SmtpMessage = { from: string | undefined; to: string[]; data: string };
export type SmtpServer = {
  host: string;
  port: number;
  users: MailUser[];
  messages: SmtpMessage[];
  close(): Promise<void>;
};
export type MailServers = { imap: Dovecot; smtp: SmtpServer; close(): Promise<void> };
export function dovecotBinary(): string;
export function freePort(): Promise<number>;
export function startDovecot(options?: { users?: MailUser[]; port?: number }): Promise<Dovecot>;
export function startSmtpServer(options?: { users?: MailUser[]; port?: number }): Promise<SmtpServer>;
export function startMailServers(options?: {
  users?: MailUser[];
  imapPort?: number;
  smtpPort?: number;
}): Promise<MailServers>;
