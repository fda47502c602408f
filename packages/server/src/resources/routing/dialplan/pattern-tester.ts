import { Worker } from 'node:worker_threads';

/**
 * How long one pattern may run against a number before it counts as not matching (wall time, with
 * room for a busy machine: an ordinary pattern takes microseconds, one with catastrophic
 * backtracking never finishes at all).
 */
export const PATTERN_TIMEOUT_MS = 250;
/** The budget of one tester call over all its patterns. */
export const TESTER_BUDGET_MS = 2_000;

export class TesterTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`The patterns took longer than ${budgetMs} ms to test.`);
  }
}

// Runs in a worker thread. The patterns of a request run in one vm call, stopped after
// PATTERN_TIMEOUT_MS: the call records which pattern it is at, so a stopped one counts as not
// matching and the next call goes on after it (a vm call costs more than an ordinary pattern).
// Compiled patterns are kept for the next request. The first match's index is posted back (-1 for
// none) with its captures. A pattern that does not compile matches nothing.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const vm = require('node:vm');
const sandbox = vm.createContext({ patterns: [], number: '', at: 0, cache: new Map() });
const script = new vm.Script(\`
  (() => {
    for (; at < patterns.length; at++) {
      let re = cache.get(patterns[at]);
      if (re === undefined) {
        try { re = new RegExp(patterns[at]); } catch { re = null; }
        if (cache.size > 2000) cache.clear();
        cache.set(patterns[at], re);
      }
      const m = re ? re.exec(number) : null;
      if (m) return { found: at, groups: Array.from(m, (g) => (g === undefined ? '' : String(g))) };
    }
    return { found: -1, groups: [] };
  })()
\`);
parentPort.on('message', ({ patterns, number, timeout }) => {
  sandbox.patterns = patterns;
  sandbox.number = number;
  sandbox.at = 0;
  let answer = null;
  while (!answer) {
    try {
      const r = script.runInContext(sandbox, { timeout });
      answer = { found: r.found, groups: Array.from(r.groups, String) };
    } catch {
      sandbox.at += 1;
      if (sandbox.at >= patterns.length) answer = { found: -1, groups: [] };
    }
  }
  parentPort.postMessage(answer);
});
`;

/** The first matching pattern's index (-1 for none) and its match: `[whole, $1, $2, …]`. */
export type PatternMatch = { index: number; groups: string[] };

/** Idle workers kept for the next call (a new thread costs milliseconds; calls route often). */
const MAX_IDLE_WORKERS = 2;
/** Workers at work at once; further calls wait for one (within their budget). */
export const MAX_WORKERS = 4;
const idle: Worker[] = [];
let working = 0;
const waiting: (() => void)[] = [];

function newWorker(): Worker {
  return new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64 } });
}

/** A call's turn is over: the next waiting call takes its place. */
function release() {
  const next = waiting.shift();
  if (next) next();
  else working--;
}

function giveBack(worker: Worker) {
  worker.removeAllListeners();
  if (idle.length >= MAX_IDLE_WORKERS) {
    void worker.terminate();
    return;
  }
  // An idle worker keeps nothing alive; one that dies while idle is dropped.
  worker.unref();
  worker.once('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  idle.push(worker);
}

/**
 * The index of the first pattern (JavaScript syntax, no flags) that matches anywhere in the number,
 * or -1. Patterns are the administrators' own text, so they run in a worker thread: request
 * handling goes on meanwhile, and the whole call is stopped after TESTER_BUDGET_MS.
 */
export async function firstMatch(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<number> {
  return (await matchFirst(patterns, number, budgetMs)).index;
}

/**
 * As firstMatch, with the captures of the match (the dialplan's `$1`…). Each call has a worker of
 * its own (an idle one is reused): a call stopped at its budget ends its worker, and only its own.
 */
export function matchFirst(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<PatternMatch> {
  if (!patterns.length) return Promise.resolve({ index: -1, groups: [] });
  return new Promise((resolve, reject) => {
    let worker: Worker | null = null;
    let done = false;
    const start = () => {
      if (done) {
        release();
        return;
      }
      worker = idle.pop() ?? newWorker();
      worker.removeAllListeners();
      worker.ref();
      worker.once('message', (answer: { found: number; groups: string[] }) => {
        // Back to the idle ones first, so that the next waiting call takes this worker.
        if (worker) giveBack(worker);
        finish();
        resolve({ index: answer.found, groups: answer.groups });
      });
      worker.once('error', (error) => fail(error));
      worker.once('exit', () => fail(new Error('The pattern tester stopped')));
      worker.postMessage({ patterns, number, timeout: PATTERN_TIMEOUT_MS });
    };
    const finish = () => {
      done = true;
      clearTimeout(timer);
      if (worker) release();
      else {
        const at = waiting.indexOf(start);
        if (at >= 0) waiting.splice(at, 1);
      }
    };
    const fail = (error: Error) => {
      if (done) return;
      finish();
      if (worker) {
        worker.removeAllListeners();
        void worker.terminate();
      }
      reject(error);
    };
    const timer = setTimeout(() => fail(new TesterTimeoutError(budgetMs)), budgetMs);
    if (working < MAX_WORKERS) {
      working++;
      start();
    } else waiting.push(start);
  });
}
