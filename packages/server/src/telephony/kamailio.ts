import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SipConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { type GatewaySync, startGatewaySync } from './sip-gateways.js';
import { PEER_GROUP, sipNodeAddress } from './sip-nodes.js';

/** packages/server: this file sits in src/telephony (sources) or is bundled into dist/ (build). */
const SERVER_ROOT = path.resolve(import.meta.dirname, import.meta.dirname.endsWith('telephony') ? '../..' : '..');
export const KAMAILIO_TEMPLATE = path.join(SERVER_ROOT, 'telephony/kamailio.cfg');
/** Templates of the configuration: the main file first, then the files it includes (same folder). */
export const KAMAILIO_TEMPLATES = ['kamailio.cfg', 'kamailio-calls.cfg'];

/** Settings of the template besides the configuration's (tests and the bench tune them). */
export type KamailioOptions = {
  /** Requests from one address within 2 s before it is dropped as a flood. */
  floodLimit?: number;
  /** Requests a second the SIP server may send the API, all together. */
  apiRate?: number;
  /** Shortest registration Kamailio accepts, seconds. */
  minExpires?: number;
  debug?: number;
  /**
   * The bench's baseline: every HA1 from an in-memory table Kamailio loads at start from the
   * db_text table `credentials` in its tables folder, instead of asking the API.
   */
  localCredentials?: boolean;
};

export type SipServer = {
  /** Resolves once Kamailio answers on its control channel. */
  ready(): Promise<void>;
  /** Kamailio's JSON-RPC (loopback, with the shared secret). */
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  /** Times Kamailio was started (1 + restarts). */
  starts(): number;
  pid(): number | undefined;
  gateways: GatewaySync;
  stop(): Promise<void>;
};

/**
 * The configuration Kamailio runs with: each template (KAMAILIO_TEMPLATES) with its placeholders
 * filled in, by file name; the main file includes the others from `cfgDir`, where they are written.
 */
export function renderKamailioConfig(
  sip: SipConfig,
  values: { apiUrl: string; secret: string; runDir: string; dbDir: string; cfgDir: string },
  options: KamailioOptions = {},
): Record<string, string> {
  const contactHost = sip.host === '0.0.0.0' ? '127.0.0.1' : sip.host;
  const map: Record<string, string> = {
    API_URL: values.apiUrl,
    SECRET: values.secret,
    RUN_DIR: values.runDir,
    DB_DIR: values.dbDir,
    SIP_HOST: sip.host,
    SIP_PORT: String(sip.port),
    RPC_PORT: String(sip.rpcPort),
    CONTACT_ADDR: `${contactHost}:${sip.port}`,
    CHILDREN: String(sip.children),
    CACHE_SECONDS: String(sip.cacheSeconds),
    BLOCK_SECONDS: String(sip.blockSeconds),
    MAX_AUTH_FAILURES: String(sip.maxAuthFailures),
    FLOOD_LIMIT: String(options.floodLimit ?? 400),
    API_RATE: String(options.apiRate ?? 2000),
    MIN_EXPIRES: String(options.minExpires ?? 60),
    UL_TIMER: options.minExpires !== undefined && options.minExpires < 60 ? '1' : '10',
    DEBUG: String(options.debug ?? 1),
    CFG_DIR: values.cfgDir,
    PEER_GROUP: String(PEER_GROUP),
    DEFINES: options.localCredentials ? '#!define LOCAL_CREDENTIALS' : '',
  };
  const files: Record<string, string> = {};
  for (const name of KAMAILIO_TEMPLATES) {
    const template = fs.readFileSync(path.join(path.dirname(KAMAILIO_TEMPLATE), name), 'utf8');
    files[name] = template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => {
      const value = map[key];
      if (value === undefined) throw new Error(`${name}: unknown placeholder ${whole}`);
      return value;
    });
  }
  return files;
}

/** Kamailio's arguments: the configuration, in the foreground, logging to stderr, its memory (MB). */
export const kamailioArgs = (cfgFile: string) => ['-f', cfgFile, '-DD', '-E', '-m', '64', '-M', '8'];

/** Is the Kamailio program there to run? */
export function kamailioInstalled(bin: string): boolean {
  if (bin.includes('/')) return fs.existsSync(bin);
  return (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(path.join(dir, bin)));
}

/** Signals every process of a group we started; a group already gone is fine. */
function killGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Gone already.
  }
}

/**
 * Runs Kamailio ("$@") and waits for it, exiting with its status; beside it, a loop checks every
 * second that the API (PARENT) is alive, and when it is not, kills the process group (Kamailio,
 * its workers and the shell).
 */
const WATCH =
  '"$@" & k=$!; (while kill -0 PARENT 2>/dev/null; do sleep 1; done; kill -KILL 0) & w=$!; ' +
  'wait $k; s=$?; kill $w 2>/dev/null; exit $s';

/** Kamailio's main process: the first child of the watching shell (Linux), else the shell. */
function mainPid(shell: number): number {
  try {
    const children = fs.readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/);
    return Number(children[0]) || shell;
  } catch {
    return shell;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs Kamailio beside the API: writes its configuration into `sip.dir`, starts it in the
 * foreground as a child process, starts it again when it dies (after 1 s, then up to 30 s when it
 * keeps dying at once), and stops it with the server. It calls back `apiUrl`.
 */
export async function startKamailio(
  ctx: AppContext,
  sip: SipConfig,
  apiUrl: string,
  log: FastifyBaseLogger,
  options: KamailioOptions = {},
): Promise<SipServer> {
  ctx.config.telephonySecret ??= randomBytes(24).toString('hex');
  const secret = ctx.config.telephonySecret;
  const runDir = path.join(sip.dir, 'run');
  const dbDir = path.join(sip.dir, 'tables');
  fs.mkdirSync(runDir, { recursive: true });
  fs.mkdirSync(dbDir, { recursive: true });
  const cfgDir = path.resolve(sip.dir);
  const files = renderKamailioConfig(sip, { apiUrl, secret, runDir, dbDir, cfgDir }, options);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(cfgDir, name), text, { mode: 0o600 });
  const cfgFile = path.join(cfgDir, KAMAILIO_TEMPLATES[0]);

  const rpcUrl = `http://127.0.0.1:${sip.rpcPort}/RPC`;
  let rpcId = 0;
  const rpc = async (method: string, params: unknown[] = []) => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telephony-secret': secret },
      body: JSON.stringify({ jsonrpc: '2.0', method, params, id: ++rpcId }),
      signal: AbortSignal.timeout(3000),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? 'failed'}`);
    return body.result;
  };

  const gateways = await startGatewaySync(ctx, { dbDir, rpc, log, self: sipNodeAddress(sip) });

  let child: ChildProcess | null = null;
  let stopping = false;
  let starts = 0;
  let backoff = 1000;
  let restartTimer: NodeJS.Timeout | null = null;
  let exited: Promise<void> = Promise.resolve();

  const args = kamailioArgs(cfgFile);
  const launch = () => {
    starts++;
    const startedAt = Date.now();
    // A process group of its own: when its main process dies, its workers (which hold the ports)
    // are ended with it before it starts again.
    // A small shell watches this process: if it ends without stopping Kamailio (a hard kill),
    // the shell ends its whole group within a second, so no Kamailio outlives the API.
    const proc = spawn('/bin/sh', ['-c', WATCH.replace('PARENT', String(process.pid)), 'kamailio', sip.bin, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const group = proc.pid;
    child = proc;
    let tail = '';
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      if (process.env.SWITCHBOARD_SIP_ECHO) process.stderr.write(text);
      for (const line of text.split('\n')) {
        if (/ERROR|CRITICAL|ALERT/.test(line)) log.warn({ kamailio: line.trim() }, 'sip server');
        else if (line.trim()) log.debug({ kamailio: line.trim() }, 'sip server');
      }
    };
    proc.stdout?.on('data', onOutput);
    proc.stderr?.on('data', onOutput);
    exited = new Promise((resolve) => {
      proc.on('exit', (code, signal) => {
        child = null;
        if (group) killGroup(group, 'SIGKILL');
        resolve();
        if (stopping) return;
        log.error({ code, signal, output: tail.slice(-1500) }, 'sip server (kamailio) died: starting it again');
        backoff = Date.now() - startedAt > 10_000 ? 1000 : Math.min(backoff * 2, 30_000);
        restartTimer = setTimeout(() => {
          restartTimer = null;
          if (!stopping) launch();
        }, backoff);
      });
      proc.on('error', (error) => log.error({ err: error }, 'sip server (kamailio) could not start'));
    });
  };
  launch();

  let readyOnce: Promise<void> | null = null;
  const ready = () => {
    readyOnce ??= (async () => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        try {
          await rpc('core.version');
          await gateways.reload();
          return;
        } catch (error) {
          if (Date.now() > deadline) throw new Error(`Kamailio did not start: ${(error as Error).message}`);
          await sleep(100);
        }
      }
    })();
    return readyOnce;
  };
  ready().then(
    () => log.info({ port: sip.port, host: sip.host }, 'sip server (kamailio) is up'),
    (error) => log.error({ err: error }, 'sip server (kamailio) is not answering'),
  );

  return {
    ready,
    rpc,
    starts: () => starts,
    pid: () => (child?.pid ? mainPid(child.pid) : undefined),
    gateways,
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await gateways.stop();
      const proc = child;
      if (!proc) return;
      if (proc.pid) killGroup(proc.pid, 'SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!killed) {
        if (proc.pid) killGroup(proc.pid, 'SIGKILL');
        await exited;
      }
    },
  };
}
