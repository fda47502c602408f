import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { licensePublicKey } from './license-keys';

export const PORT = Number(process.env.E2E_PORT ?? 8090);
export const ADMIN_PASSWORD = 'E2e-admin-password-1';
/**
 * Workers of a run (E2E_WORKERS, default 2). Each has a domain of its own on the one server, made by
 * the launcher before the server starts (worker-domain.ts), so the tests of different workers never
 * see each other's records.
 */
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export const E2E_DOMAINS = Array.from({ length: WORKERS }, (_, i) => `e2e-w${i}`);
/** The S3 stand-in the server launcher starts for storage profiles (see server.mjs). */
export const S3_STANDIN = {
  port: Number(process.env.E2E_S3_PORT ?? PORT + 1),
  keyId: 'AKIAE2ESTANDIN',
  bucket: 'e2e-records',
};

/** The server's local storage root: local profiles write in `<root>/<domain id>/<directory>`. */
export const STORAGE_LOCAL_ROOT = path.join(os.tmpdir(), `switchboard-e2e-storage-${PORT}`);

/** The mail servers the launcher starts for email profiles (Dovecot for IMAP, an SMTP server; see server.mjs). */
export const MAIL_SERVERS = {
  imapPort: Number(process.env.E2E_IMAP_PORT ?? PORT + 40),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? PORT + 41),
  user: 'e2e-support',
  password: 'E2e-mail-password-1',
};

/**
 * The Backblaze, Dropbox and Google stand-in the launcher starts (any free port: the server is told
 * its URLs); the credentials it accepts.
 */
export const PROVIDERS_STANDIN = {
  dropboxToken: 'sl.e2e-dropbox-token',
  b2: { account: '0042e2eaccount', key: 'K042e2ekey', bucket: 'e2e-b2-records', bucketId: 'e2eb2bucket0001' },
};

/**
 * The SIP server (Kamailio) the launcher runs beside the console (server.mjs): phones register on
 * this loopback port (UDP and TCP), its control channel is on the next one. The SIP realm of a
 * worker's domain is the domain's name.
 */
export const SIP_SERVER = { port: Number(process.env.E2E_SIP_PORT ?? PORT + 50) };

/** The speech stand-in the server launcher starts for cognitive profiles (see server.mjs): the keys it takes. */
export const COGNITIVE_STANDIN = {
  microsoftKey: 'e2e-microsoft-key',
  googleKey: 'e2e-google-key',
};

/**
 * Browser tests in the system Chromium against the real server on a fresh embedded database.
 * WORKERS workers share the one server, each signed in to its own domain; the tests of one file run
 * in order in one worker. Waits are for conditions: a generous expect time-out costs nothing when the
 * condition is met early, and keeps a busy machine green.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Limits, not waits: on two cores shared with other runs (load 30 and more) a screen took 30 s and
  // more to draw; a condition met early costs nothing.
  timeout: 360_000,
  expect: { timeout: 60_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'on',
    // Recording a trace took more than half of each test's CPU (lists and theme specs: 58 CPU-s with
    // it, 21 without, with the headless shell). CI keeps no artifacts, so it records none; a local
    // run keeps the trace of a failed test.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${PORT}/config.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      E2E_DOMAINS: E2E_DOMAINS.join(','),
      LICENSE_PUBLIC_KEY: licensePublicKey(),
      STORAGE_LOCAL_ROOT,
      E2E_S3_PORT: String(S3_STANDIN.port),
      E2E_S3_KEY_ID: S3_STANDIN.keyId,
      E2E_S3_BUCKET: S3_STANDIN.bucket,
      E2E_IMAP_PORT: String(MAIL_SERVERS.imapPort),
      E2E_SMTP_PORT: String(MAIL_SERVERS.smtpPort),
      E2E_MAIL_USER: MAIL_SERVERS.user,
      E2E_MAIL_PASSWORD: MAIL_SERVERS.password,
      E2E_DROPBOX_TOKEN: PROVIDERS_STANDIN.dropboxToken,
      E2E_B2_ACCOUNT: PROVIDERS_STANDIN.b2.account,
      E2E_B2_KEY: PROVIDERS_STANDIN.b2.key,
      E2E_B2_BUCKET: PROVIDERS_STANDIN.b2.bucket,
      E2E_B2_BUCKET_ID: PROVIDERS_STANDIN.b2.bucketId,
      E2E_COGNITIVE_MICROSOFT_KEY: COGNITIVE_STANDIN.microsoftKey,
      E2E_COGNITIVE_GOOGLE_KEY: COGNITIVE_STANDIN.googleKey,
      E2E_SIP_PORT: String(SIP_SERVER.port),
    },
  },
});
