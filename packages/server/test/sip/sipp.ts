import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SipConfig } from '../../src/config.js';
import { until } from '../until.js';

/** SIPp scenarios of the SIP tests (this folder). */
export const SCENARIOS = import.meta.dirname;

/** A UDP port free on 127.0.0.1 now (bound and released). */
export async function freeUdpPort(ip = '127.0.0.1'): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, ip, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Two consecutive free ports (SIP and Kamailio's RPC), on UDP and TCP. */
export async function freeSipPorts(): Promise<{ port: number; rpcPort: number }> {
  const net = await import('node:net');
  for (;;) {
    const port = await freeUdpPort();
    if (port > 65000) continue;
    const tcpFree = (p: number) =>
      new Promise<boolean>((resolve) => {
        const server = net.createServer();
        server.once('error', () => resolve(false));
        server.listen(p, '127.0.0.1', () => server.close(() => resolve(true)));
      });
    if ((await tcpFree(port)) && (await tcpFree(port + 1))) return { port, rpcPort: port + 1 };
  }
}

/** The SIP settings of a test server: loopback only, a folder of its own. */
export async function testSipConfig(overrides: Partial<SipConfig> = {}): Promise<SipConfig> {
  const { port, rpcPort } = await freeSipPorts();
  return {
    port,
    rpcPort,
    host: '127.0.0.1',
    bin: 'kamailio',
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-sip-')),
    cacheSeconds: 2,
    maxAuthFailures: 6,
    blockSeconds: 30,
    children: 2,
    ...overrides,
  };
}

/**
 * A scenario template of this folder with its `{{NAME}}` placeholders filled in, written to a
 * temporary file: its absolute path (for `sipp` and `sippServer`).
 */
export function scenarioFrom(template: string, values: Record<string, string | number>): string {
  const text = fs.readFileSync(path.join(SCENARIOS, template), 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`${template}: no value for ${whole}`);
    return String(values[name]);
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-sipp-')), template);
  fs.writeFileSync(file, text);
  return file;
}

/** `messages`: SIPp's message trace (with `trace: true`). */
export type SippRun = { code: number; output: string; messages: string };

/**
 * Runs one SIPp scenario against `target` (host:port) until it ends: `rows` are the lines of its
 * injection file (fields separated by `;`). Exit code 0: every call went as the scenario says.
 */
export async function sipp(
  scenario: string,
  target: string,
  opts: {
    rows?: string[][];
    /** Source address (any of 127.0.0.0/8: a test of its own, as the SIP server counts failures per address). */
    ip?: string;
    port?: number;
    calls?: number;
    rate?: number;
    extra?: string[];
    timeoutS?: number;
    trace?: boolean;
  } = {},
): Promise<SippRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-sipp-'));
  const ip = opts.ip ?? '127.0.0.1';
  const args = [target, '-sf', path.resolve(SCENARIOS, scenario), '-i', ip, '-m', String(opts.calls ?? 1)];
  // No -mp: SIPp takes the first free media ports from 6000 on (a port of our choosing may be
  // taken by the time it binds it and the one two above it).
  args.push('-p', String(opts.port ?? (await freeUdpPort(ip))));
  args.push('-timeout', `${opts.timeoutS ?? 20}s`, '-timeout_error', '-recv_timeout', '8000', '-nostdin');
  if (opts.rows) {
    const file = path.join(dir, 'fields.csv');
    fs.writeFileSync(file, `SEQUENTIAL\n${opts.rows.map((r) => r.join(';')).join('\n')}\n`);
    args.push('-inf', file);
  }
  if (opts.rate) args.push('-r', String(opts.rate));
  args.push(...(opts.extra ?? []));
  const messageFile = path.join(dir, 'messages.log');
  if (opts.trace) args.push('-trace_msg', '-message_file', messageFile);
  try {
    return await new Promise<SippRun>((resolve, reject) => {
      const proc = spawn('sipp', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      proc.stdout.on('data', (c: Buffer) => {
        output = (output + c.toString()).slice(-20_000);
      });
      proc.stderr.on('data', (c: Buffer) => {
        output = (output + c.toString()).slice(-20_000);
      });
      proc.on('error', reject);
      proc.on('exit', (code) => {
        for (const f of fs.readdirSync(dir)) {
          if (f.endsWith('_errors.log')) output += fs.readFileSync(path.join(dir, f), 'utf8').slice(-4000);
        }
        const messages = fs.existsSync(messageFile) ? fs.readFileSync(messageFile, 'utf8') : '';
        resolve({ code: code ?? -1, output, messages });
      });
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a UDP socket is bound to `port` on this machine (IPv4, from /proc/net/udp). */
function udpBound(port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return fs
    .readFileSync('/proc/net/udp', 'utf8')
    .split('\n')
    .some((line) => line.trim().split(/\s+/)[1]?.endsWith(hex));
}

/**
 * Starts a SIPp scenario and leaves it running (a callee answering calls); `stop()` ends it.
 * Answers once SIPp listens on its port (or has exited): a request sent before that would be lost,
 * and on a busy machine SIPp takes seconds to start.
 */
export async function sippServer(scenario: string, port: number, extra: string[] = [], ip = '127.0.0.1') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-sipp-'));
  const messageFile = path.join(dir, 'messages.log');
  const args = ['-sf', path.resolve(SCENARIOS, scenario), '-i', ip, '-p', String(port), '-nostdin'];
  args.push('-m', '1', '-trace_msg', '-message_file', messageFile, ...extra);
  const proc = spawn('sipp', args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  let output = '';
  proc.stdout.on('data', (c: Buffer) => {
    output = (output + c.toString()).slice(-20_000);
  });
  proc.stderr.on('data', (c: Buffer) => {
    output = (output + c.toString()).slice(-20_000);
  });
  const exited = new Promise<number>((resolve) => proc.on('exit', (code) => resolve(code ?? -1)));
  await until(
    () => proc.exitCode !== null || proc.signalCode !== null || udpBound(port),
    `SIPp (${scenario}) to listen on port ${port}`,
  );
  return {
    exited,
    output: () => output,
    messages: () => (fs.existsSync(messageFile) ? fs.readFileSync(messageFile, 'utf8') : ''),
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The `[authentication]` field of a registration row. */
export const auth = (account: string, password: string) => `[authentication username=${account} password=${password}]`;
