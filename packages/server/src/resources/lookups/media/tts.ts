import { spawn } from 'node:child_process';
import type { Config } from '../../../config.js';

/** Longest a synthesis may run before it is stopped. */
const TTS_TIMEOUT_MS = 60_000;

type Run = { code: number | null; error: NodeJS.ErrnoException | null; stderr: string };

/** Runs the program with arguments (never through a shell), feeding `input` on stdin. */
function run(command: string, args: string[], input: string | null, timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    let stderr = '';
    let settled = false;
    const done = (r: Run) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'], shell: false, timeout: timeoutMs });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => done({ code: null, error, stderr }));
    child.on('close', (code) => done({ code, error: null, stderr }));
    // A program that exits before reading its input closes the pipe: not an error of ours.
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

const availability = new Map<string, Promise<boolean>>();

/** Whether the configured engine runs here; asked once per command and remembered. */
export function ttsAvailable(config: Config): Promise<boolean> {
  let known = availability.get(config.ttsCommand);
  if (!known) {
    known = run(config.ttsCommand, ['--version'], null, 10_000).then((r) => r.error === null && r.code === 0);
    availability.set(config.ttsCommand, known);
  }
  return known;
}

/** Speaks `text` with `voice` into a WAV file at `out`. */
export async function synthesize(config: Config, text: string, voice: string, out: string): Promise<void> {
  // The text travels on stdin, so a text starting with "-" is never read as an option.
  const r = await run(config.ttsCommand, ['-v', voice, '-w', out, '--stdin'], text, TTS_TIMEOUT_MS);
  if (r.error || r.code !== 0) {
    throw new Error(`text-to-speech failed (${r.error?.code ?? `exit ${r.code}`}): ${r.stderr.trim().slice(0, 300)}`);
  }
}
