import path from 'node:path';
import { MAX_PAGE_SIZE, MEDIA_MAX_BYTES_DEFAULT, PAGE_SIZE_LIMIT } from '@switchboard/model';
import { parsePublicKey } from './licenses/document.js';
import { type AllowRule, parseOutboundAllow } from './net/outbound.js';

export type PasswordHashCost = { memoryKiB: number; passes: number };

/** Server configuration, read once from the environment (see README's configuration table). */
export type Config = {
  port: number;
  host: string;
  /** Folder of the embedded database and its lock file (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl: string | null;
  defaultDomain: string;
  adminPassword: string | null;
  /**
   * Cost of the argon2id hash of new passwords (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES):
   * OWASP's 19 MiB and 2 passes by default. A stored hash keeps the cost it was made with.
   */
  passwordHash: PasswordHashCost;
  /** Lifetime of a sign-in session, in seconds. */
  sessionTtlSeconds: number;
  logLevel: string;
  /** Folder of the built console served at the site root. */
  webDist: string;
  /** Links of the application hub, answered in /config.json. */
  /** Hub links; an application without its URL is not installed here and is shown disabled. */
  apps: Partial<Record<'admin' | 'agent' | 'supervisor' | 'audit' | 'history' | 'grafana', string>>;
  /** Sign-in limits within the window (auth/rate-limit.ts): per account and address, per address, per account. */
  loginLimit: {
    perUser: number;
    perAddress: number;
    windowSeconds: number;
    accountCeiling: number;
    accountSpacingSeconds: number;
  };
  /** Live event streams one token may hold open at once (EVENT_STREAMS_PER_TOKEN). */
  eventStreamsPerToken: number;
  /** The largest `size` a list takes (LIST_MAX_PAGE_SIZE). */
  listMaxPageSize: number;
  trustProxy: boolean;
  /** Send a `server-timing` header with each answer (SERVER_TIMING): off unless the operator asks. */
  serverTiming: boolean;
  /** Ed25519 public key (PEM or base64 DER) that license documents must be signed for; null refuses imports. */
  licensePublicKey: string | null;
  /**
   * Destinations the outbound policy lets a domain's settings reach although they are loopback,
   * private or otherwise inside addresses (OUTBOUND_ALLOW; net/outbound.ts).
   */
  outboundAllow: AllowRule[];
  /** Base folder of local storage profiles: one sub-folder per domain id (STORAGE_LOCAL_ROOT). */
  storageLocalRoot: string;
  /** Graph API of the messenger chat gateways (a local stand-in in tests). */
  graphApiUrl: string;
  /** The provider's OAuth dialog that grants a gateway its pages and WhatsApp accounts. */
  graphDialogUrl: string;
  /** The storage providers' APIs (local stand-ins in tests); S3 profiles name their own endpoint. */
  storageApis: StorageApis;
  /** Where browsers reach this server (PUBLIC_URL): return addresses of provider dialogs are built from it, never from the Host header. */
  publicUrl: string;
  /** Folder of uploaded and synthesised media files (default `<dataDir>/media`). */
  mediaDir: string;
  /** Largest media upload, in bytes. */
  mediaMaxBytes: number;
  /** Folder of uploaded import files while their import runs (default `<dataDir>/imports`); shared by every API node. */
  importDir: string;
  /** Largest CSV file an import takes, in bytes (IMPORT_MAX_BYTES); larger uploads get 413. */
  importMaxBytes: number;
  /** Seconds without a heartbeat after which an import's run is taken for dead and resumed (IMPORT_STALE_SECONDS). */
  importStaleSeconds: number;
  /** Text-to-speech program (espeak-ng or a compatible one); absent means no engine. */
  ttsCommand: string;
  /** Where flows are handed over to run (FLOW_RUNNER_URL, flows/runner.ts); null: runs end in error. */
  flowRunnerUrl: string | null;
  /** Key of the HMAC-SHA256 signature of every hand-over (FLOW_RUNNER_SECRET); null sends none. */
  flowRunnerSecret: string | null;
  /** How often each API node looks for email profiles due for a fetch, seconds (EMAIL_POLL_SECONDS). */
  emailPollSeconds: number;
  /** How long a mail server (connection, sign-in, each command) or the flow runner may take per email, seconds (EMAIL_TIMEOUT_SECONDS). */
  emailTimeoutSeconds: number;
  /**
   * Where cognitive profiles reach their providers' speech REST APIs (local stand-ins in tests);
   * `{region}` in a Microsoft URL stands for the profile's region. `timeoutMs` bounds each call.
   */
  cognitive: {
    microsoftTtsUrl: string;
    microsoftSttUrl: string;
    googleTtsUrl: string;
    googleSttUrl: string;
    timeoutMs: number;
  };
  /**
   * The admission queue in front of API requests (http/admission.ts). `concurrency` null: the
   * default of the driver (ADMISSION_CONCURRENCY_PGLITE on the embedded database, none on
   * PostgreSQL, whose pool queues); 0 turns the queue off.
   */
  admission: { concurrency: number | null; queue: number; waitMs: number };
  /**
   * How long a shutdown (SIGTERM, `close()`) lets requests in flight finish, in milliseconds
   * (SHUTDOWN_GRACE_MS); past it every connection left is cut so the close never waits on a client.
   */
  shutdownGraceMs: number;
  /**
   * Uploads (every multipart route, http/uploads.ts): a body arriving slower than `minRate` bytes
   * a second over any `windowMs` is cut with 408 (UPLOAD_MIN_RATE, UPLOAD_RATE_WINDOW_MS); one
   * user runs at most `perUser` uploads at once on a node, more get 429 (UPLOADS_PER_USER).
   */
  uploads: { minRate: number; windowMs: number; perUser: number };
  /**
   * The SIP server run beside the API (telephony/kamailio.ts): null when SIP_PORT is unset, so
   * `npm start` runs without it. `secret` guards the routes it calls (TELEPHONY_SECRET; generated
   * per process when unset, as each Kamailio talks to the API node that started it).
   */
  sip: SipConfig | null;
  /** Shared secret of the SIP server's calls to /api/telephony/sip/* (TELEPHONY_SECRET); null: those routes answer 404. */
  telephonySecret: string | null;
};

export type SipConfig = {
  port: number;
  /** Address Kamailio listens on for SIP (SIP_HOST). */
  host: string;
  /** Kamailio's own RPC port on 127.0.0.1 (SIP_RPC_PORT; default SIP port + 1). */
  rpcPort: number;
  /** The Kamailio program (KAMAILIO_BIN). */
  bin: string;
  /** Folder of its generated configuration and tables (SIP_DIR; default `<dataDir>/sip`). */
  dir: string;
  /** Seconds Kamailio keeps an answer about credentials (SIP_CACHE_SECONDS, at most 5). */
  cacheSeconds: number;
  /** Failed authentications from one address before it is blocked (SIP_MAX_AUTH_FAILURES). */
  maxAuthFailures: number;
  /** Seconds an address stays blocked, and the window of its failures (SIP_BLOCK_SECONDS). */
  blockSeconds: number;
  /** Kamailio worker processes (SIP_CHILDREN). */
  children: number;
  /**
   * The address the other API nodes' SIP servers reach this one at (SIP_NODE_HOST; default
   * SIP_HOST, or 127.0.0.1 when that is 0.0.0.0): with the SIP port, this node's name among them.
   */
  nodeHost?: string;
};

/** Base URLs of the storage providers' REST APIs, without a trailing slash. */
export type StorageApis = {
  /** Backblaze B2 native API: b2_authorize_account is called here; it names the API and download hosts. */
  backblaze: string;
  /** Dropbox RPC calls (delete) and content calls (upload, download). */
  dropboxApi: string;
  dropboxContent: string;
  /** Google's OAuth token endpoint (a service account's JWT is exchanged there) and the Drive API root. */
  googleToken: string;
  googleDrive: string;
};

/** A service's base URL without its trailing slashes. */
const baseUrl = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');

/** Largest import file by default: 256 MB. */
export const IMPORT_MAX_BYTES_DEFAULT = 256 * 1024 * 1024;

/** Time a shutdown gives requests in flight by default: 10 s, well inside the usual 30 s before SIGKILL. */
export const SHUTDOWN_GRACE_MS_DEFAULT = 10_000;

/** An upload slower than this many bytes a second over a window is cut (1 KB/s). */
export const UPLOAD_MIN_RATE_DEFAULT = 1024;
/** The window over which an upload's rate is measured: 10 s. */
export const UPLOAD_RATE_WINDOW_MS_DEFAULT = 10_000;
/** Uploads one user may run at once on a node. */
export const UPLOADS_PER_USER_DEFAULT = 3;

/** Requests the embedded database serves at once by default: it runs one statement at a time. */
export const ADMISSION_CONCURRENCY_PGLITE = 4;

/** packages/server: this file sits in src/ (sources) or is bundled into dist/ (build). */
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** Parses `12h`, `30m`, `45s`, `2d` or plain seconds. */
export function parseDuration(value: string, name: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!m) throw new Error(`${name} must be a duration like 12h, 30m or 3600 (got "${value}")`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (got "${raw}")`);
  return n;
}

function atLeast(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const n = int(env, name, fallback);
  if (n < min) throw new Error(`${name} must be at least ${min} (got ${n})`);
  return n;
}

function pageSizeLimit(env: NodeJS.ProcessEnv): number {
  const n = int(env, 'LIST_MAX_PAGE_SIZE', MAX_PAGE_SIZE);
  if (n < 1 || n > PAGE_SIZE_LIMIT)
    throw new Error(`LIST_MAX_PAGE_SIZE must be from 1 to ${PAGE_SIZE_LIMIT} (got ${n})`);
  return n;
}

/** A bad key stops the start-up rather than refusing every import later. */
function licenseKey(raw: string | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  parsePublicKey(text);
  return text;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    defaultDomain: env.DEFAULT_DOMAIN || 'main',
    adminPassword: env.ADMIN_PASSWORD || null,
    passwordHash: {
      memoryKiB: atLeast(env, 'PASSWORD_HASH_MEMORY_KIB', 19_456, 8),
      passes: atLeast(env, 'PASSWORD_HASH_PASSES', 2, 1),
    },
    sessionTtlSeconds: parseDuration(env.SESSION_TTL || '12h', 'SESSION_TTL'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || path.join(SERVER_ROOT, '../web/dist')),
    // Only the console itself is here by default: a guessed path for the others would be a 404.
    apps: Object.fromEntries(
      Object.entries({
        admin: env.APP_ADMIN_URL || '/start',
        agent: env.APP_AGENT_URL,
        supervisor: env.APP_SUPERVISOR_URL,
        audit: env.APP_AUDIT_URL,
        history: env.APP_HISTORY_URL,
        grafana: env.APP_GRAFANA_URL,
      }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ),
    loginLimit: {
      perUser: int(env, 'LOGIN_MAX_FAILURES_PER_USER', 5),
      perAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20),
      windowSeconds: int(env, 'LOGIN_FAILURE_WINDOW', 900),
      accountCeiling: int(env, 'LOGIN_ACCOUNT_CEILING', 50),
      accountSpacingSeconds: int(env, 'LOGIN_ACCOUNT_SPACING', 5),
    },
    eventStreamsPerToken: Math.max(1, int(env, 'EVENT_STREAMS_PER_TOKEN', 5)),
    listMaxPageSize: pageSizeLimit(env),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    serverTiming: env.SERVER_TIMING === 'true' || env.SERVER_TIMING === '1',
    licensePublicKey: licenseKey(env.LICENSE_PUBLIC_KEY),
    outboundAllow: parseOutboundAllow(env.OUTBOUND_ALLOW),
    storageLocalRoot: path.resolve(env.STORAGE_LOCAL_ROOT || path.join(env.DATA_DIR || './data', 'storage')),
    graphApiUrl: (env.GRAPH_API_URL || 'https://graph.facebook.com/v19.0').replace(/\/+$/, ''),
    graphDialogUrl: env.GRAPH_DIALOG_URL || 'https://www.facebook.com/v19.0/dialog/oauth',
    storageApis: {
      backblaze: baseUrl(env.B2_API_URL, 'https://api.backblazeb2.com'),
      dropboxApi: baseUrl(env.DROPBOX_API_URL, 'https://api.dropboxapi.com'),
      dropboxContent: baseUrl(env.DROPBOX_CONTENT_URL, 'https://content.dropboxapi.com'),
      googleToken: baseUrl(env.GOOGLE_TOKEN_URL, 'https://oauth2.googleapis.com/token'),
      googleDrive: baseUrl(env.GOOGLE_DRIVE_URL, 'https://www.googleapis.com'),
    },
    publicUrl: (env.PUBLIC_URL || `http://localhost:${int(env, 'PORT', 8080)}`).replace(/\/+$/, ''),
    mediaDir: path.resolve(env.MEDIA_DIR || path.join(env.DATA_DIR || './data', 'media')),
    mediaMaxBytes: int(env, 'MEDIA_MAX_BYTES', MEDIA_MAX_BYTES_DEFAULT),
    importDir: path.resolve(env.IMPORT_DIR || path.join(env.DATA_DIR || './data', 'imports')),
    importMaxBytes: int(env, 'IMPORT_MAX_BYTES', IMPORT_MAX_BYTES_DEFAULT),
    importStaleSeconds: Math.max(5, int(env, 'IMPORT_STALE_SECONDS', 60)),
    ttsCommand: env.TTS_COMMAND || 'espeak-ng',
    flowRunnerUrl: env.FLOW_RUNNER_URL || null,
    flowRunnerSecret: env.FLOW_RUNNER_SECRET || null,
    emailPollSeconds: Math.max(1, int(env, 'EMAIL_POLL_SECONDS', 5)),
    emailTimeoutSeconds: Math.max(1, int(env, 'EMAIL_TIMEOUT_SECONDS', 30)),
    cognitive: {
      microsoftTtsUrl: baseUrl(env.COGNITIVE_MICROSOFT_TTS_URL, 'https://{region}.tts.speech.microsoft.com'),
      microsoftSttUrl: baseUrl(env.COGNITIVE_MICROSOFT_STT_URL, 'https://{region}.stt.speech.microsoft.com'),
      googleTtsUrl: baseUrl(env.COGNITIVE_GOOGLE_TTS_URL, 'https://texttospeech.googleapis.com'),
      googleSttUrl: baseUrl(env.COGNITIVE_GOOGLE_STT_URL, 'https://speech.googleapis.com'),
      timeoutMs: Math.max(1, int(env, 'COGNITIVE_TIMEOUT_MS', 30_000)),
    },
    admission: {
      concurrency: env.ADMISSION_CONCURRENCY ? int(env, 'ADMISSION_CONCURRENCY', 0) : null,
      queue: int(env, 'ADMISSION_QUEUE', 256),
      waitMs: Math.max(1, int(env, 'ADMISSION_MAX_WAIT_MS', 1000)),
    },
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', SHUTDOWN_GRACE_MS_DEFAULT),
    uploads: {
      minRate: int(env, 'UPLOAD_MIN_RATE', UPLOAD_MIN_RATE_DEFAULT),
      windowMs: Math.max(100, int(env, 'UPLOAD_RATE_WINDOW_MS', UPLOAD_RATE_WINDOW_MS_DEFAULT)),
      perUser: Math.max(1, int(env, 'UPLOADS_PER_USER', UPLOADS_PER_USER_DEFAULT)),
    },
    sip: sipConfig(env),
    telephonySecret: env.TELEPHONY_SECRET || null,
  };
}

function sipConfig(env: NodeJS.ProcessEnv): SipConfig | null {
  const port = int(env, 'SIP_PORT', 0);
  if (!port) return null;
  if (port > 65535) throw new Error(`SIP_PORT must be a port number (got ${port})`);
  return {
    port,
    host: env.SIP_HOST || '0.0.0.0',
    rpcPort: int(env, 'SIP_RPC_PORT', port + 1),
    bin: env.KAMAILIO_BIN || 'kamailio',
    dir: path.resolve(env.SIP_DIR || path.join(env.DATA_DIR || './data', 'sip')),
    cacheSeconds: Math.min(5, Math.max(1, int(env, 'SIP_CACHE_SECONDS', 3))),
    maxAuthFailures: Math.max(1, int(env, 'SIP_MAX_AUTH_FAILURES', 10)),
    blockSeconds: Math.max(1, int(env, 'SIP_BLOCK_SECONDS', 300)),
    children: Math.max(1, int(env, 'SIP_CHILDREN', 4)),
    nodeHost: env.SIP_NODE_HOST || undefined,
  };
}
