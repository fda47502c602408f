import { Worker } from 'node:worker_threads';

/**
 * How long one pattern may run against a number before the dialplan tester counts it as not
 * matching (wall time, with room for a busy machine: an ordinary pattern takes microseconds, one
 * with catastrophic backtracking never finishes at all).
 */
export const PATTERN_TIMEOUT_MS = 250;
/** The budget of one tester call over all its patterns, from the moment a worker takes it. */
export const TESTER_BUDGET_MS = 2_000;

/** A call that did not get its answer within its budget (its worker was stopped). */
export class TesterTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`The patterns took longer than ${budgetMs} ms to test.`);
  }
}

/** The pattern worker failed (it died, or could not start): never to be taken for "no match". */
export class TesterFailedError extends Error {}

// Runs in a worker thread, one request at a time, each answered with the request's id. Compiled
// patterns are kept by their text for the next requests (a dialplan's patterns are the same from
// call to call; a changed pattern is a new key). A pattern that does not compile matches nothing.
// 'strict' requests run the patterns directly: a slow one is stopped by the main thread, which
// terminates this worker (the call is then an error). 'skip' requests (the dialplan tester) run
// each pattern in a vm call stopped after `timeout`, a stopped pattern counting as not matching.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const vm = require('node:vm');
const cache = new Map();
const compiled = (pattern) => {
  let re = cache.get(pattern);
  if (re === undefined) {
    try { re = new RegExp(pattern); } catch { re = null; }
    if (cache.size >= 5000) cache.delete(cache.keys().next().value);
    cache.set(pattern, re);
  }
  return re;
};
const sandbox = vm.createContext({ re: null, number: '' });
const guarded = new vm.Script('re.exec(number)');
const groupsOf = (m) => Array.from(m, (g) => (g === undefined ? '' : String(g)));
parentPort.on('message', ({ id, patterns, number, mode, timeout }) => {
  let index = -1;
  let groups = [];
  for (let i = 0; i < patterns.length; i++) {
    const re = compiled(patterns[i]);
    if (!re) continue;
    let m = null;
    if (mode === 'strict') {
      re.lastIndex = 0;
      m = re.exec(number);
    } else {
      sandbox.re = re;
      sandbox.number = number;
      try { m = guarded.runInContext(sandbox, { timeout }); } catch { m = null; }
    }
    if (m) { index = i; groups = groupsOf(m); break; }
  }
  parentPort.postMessage({ id, index, groups });
});
`;

/** The first matching pattern's index (-1 for none) and its match: `[whole, $1, $2, …]`. */
export type PatternMatch = { index: number; groups: string[] };

type Mode = 'strict' | 'skip';
type Request = {
  id: number;
  patterns: string[];
  number: string;
  mode: Mode;
  budgetMs: number;
  resolve: (m: PatternMatch) => void;
  reject: (e: Error) => void;
  /** Stops the request if no worker took it in time. */
  queueTimer: NodeJS.Timeout;
};
type Slot = { worker: Worker; current: Request | null; timer: NodeJS.Timeout | null };

let nextId = 1;

/**
 * Worker threads kept running, each with one request at a time; further requests wait in line.
 * A request not answered within its budget stops its worker (another one takes the slot).
 */
class Pool {
  private readonly slots: (Slot | undefined)[] = [];
  private readonly queue: Request[] = [];

  constructor(readonly size: number) {}

  submit(patterns: string[], number: string, mode: Mode, budgetMs: number): Promise<PatternMatch> {
    if (!patterns.length) return Promise.resolve({ index: -1, groups: [] });
    return new Promise((resolve, reject) => {
      const request: Request = {
        id: nextId++,
        patterns,
        number,
        mode,
        budgetMs,
        resolve,
        reject,
        // Waiting in line counts too: behind slow patterns a call gives up rather than hang.
        queueTimer: setTimeout(() => {
          const at = this.queue.indexOf(request);
          if (at < 0) return;
          this.queue.splice(at, 1);
          reject(new TesterTimeoutError(budgetMs));
        }, budgetMs),
      };
      this.queue.push(request);
      this.pump();
    });
  }

  /** Starts a worker in slot `at` (a new one after a stopped or dead worker). */
  private start(at: number): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64 } });
    // A waiting request's timer keeps the process alive; an idle worker does not.
    worker.unref();
    const slot: Slot = { worker, current: null, timer: null };
    worker.on('message', (answer: { id: number; index: number; groups: string[] }) => {
      const request = slot.current;
      // Only the answer to the request this worker holds now counts.
      if (this.slots[at] !== slot || !request || answer.id !== request.id) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      slot.current = null;
      this.pump();
      request.resolve({ index: answer.index, groups: answer.groups });
    });
    const lost = (error: Error) => {
      if (this.slots[at] !== slot) return;
      const request = slot.current;
      this.replace(at, slot);
      request?.reject(new TesterFailedError(`The pattern tester stopped: ${error.message}`));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit code ${code}`)));
    this.slots[at] = slot;
    return slot;
  }

  /** Ends a worker for good (its late answers and its exit are ignored) and starts another. */
  private replace(at: number, slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = null;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    this.start(at);
    this.pump();
  }

  /** Hands waiting requests to free workers. */
  private pump() {
    for (let at = 0; at < this.size && this.queue.length; at++) {
      const slot = this.slots[at] ?? this.start(at);
      if (slot.current) continue;
      const request = this.queue.shift() as Request;
      clearTimeout(request.queueTimer);
      slot.current = request;
      slot.timer = setTimeout(() => {
        if (this.slots[at] !== slot || slot.current !== request) return;
        this.replace(at, slot);
        request.reject(new TesterTimeoutError(request.budgetMs));
      }, request.budgetMs);
      slot.worker.postMessage({
        id: request.id,
        patterns: request.patterns,
        number: request.number,
        mode: request.mode,
        timeout: PATTERN_TIMEOUT_MS,
      });
    }
  }
}

/** Call routing's workers; the dialplan tester has its own, so slow tests never hold up calls. */
export const ROUTING_WORKERS = 2;
const routingPool = new Pool(ROUTING_WORKERS);
const testerPool = new Pool(1);

/**
 * The index of the first pattern (JavaScript syntax, no flags) that matches anywhere in the number,
 * or -1: the dialplan tester. Patterns are the administrators' own text, so they run in a worker
 * thread: request handling goes on meanwhile. A pattern running longer than PATTERN_TIMEOUT_MS
 * counts as not matching; a call not answered within its budget rejects with TesterTimeoutError.
 */
export async function firstMatch(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<number> {
  return (await matchFirst(patterns, number, budgetMs)).index;
}

/** As firstMatch, with the captures of the match (the dialplan's `$1`…). */
export function matchFirst(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<PatternMatch> {
  return testerPool.submit(patterns, number, 'skip', budgetMs);
}

/**
 * As matchFirst for routing a call: no pattern is ever skipped. A call whose patterns are not all
 * tested within the budget rejects (TesterTimeoutError, its worker stopped and replaced), as does a
 * failed worker (TesterFailedError): the caller refuses the call, never takes it for "no match".
 */
export function matchStrict(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<PatternMatch> {
  return routingPool.submit(patterns, number, 'strict', budgetMs);
}
