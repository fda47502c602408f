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

// Runs in a worker thread: each pattern in a vm context stopped after PATTERN_TIMEOUT_MS, the first
// match's index posted back (-1 for none) with its captures. A pattern that does not compile
// matches nothing.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
const sandbox = vm.createContext({ pattern: '', number: '' });
const script = new vm.Script('new RegExp(pattern).exec(number)');
const { patterns, number, timeout } = workerData;
let found = -1;
let groups = [];
for (let i = 0; i < patterns.length && found < 0; i++) {
  sandbox.pattern = patterns[i];
  sandbox.number = number;
  try {
    const m = script.runInContext(sandbox, { timeout });
    if (m) {
      found = i;
      groups = Array.from(m, (g) => (g === undefined ? '' : String(g)));
    }
  } catch {}
}
parentPort.postMessage({ found, groups });
`;

/** The first matching pattern's index (-1 for none) and its match: `[whole, $1, $2, …]`. */
export type PatternMatch = { index: number; groups: string[] };

/**
 * The index of the first pattern (JavaScript syntax, no flags) that matches anywhere in the number,
 * or -1. Patterns are the administrators' own text, so they run in a worker thread: request
 * handling goes on meanwhile, and the whole call is stopped after TESTER_BUDGET_MS.
 */
export async function firstMatch(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<number> {
  return (await matchFirst(patterns, number, budgetMs)).index;
}

/** As firstMatch, with the captures of the match (the dialplan's `$1`…). */
export function matchFirst(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<PatternMatch> {
  if (!patterns.length) return Promise.resolve({ index: -1, groups: [] });
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { patterns, number, timeout: PATTERN_TIMEOUT_MS },
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new TesterTimeoutError(budgetMs));
    }, budgetMs);
    worker.once('message', (answer: { found: number; groups: string[] }) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve({ index: answer.found, groups: answer.groups });
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
