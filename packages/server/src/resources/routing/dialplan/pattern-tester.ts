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
// match's index posted back (-1 for none). A pattern that does not compile matches nothing.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
const sandbox = vm.createContext({ pattern: '', number: '' });
const script = new vm.Script('new RegExp(pattern).test(number)');
const { patterns, number, timeout } = workerData;
let found = -1;
for (let i = 0; i < patterns.length && found < 0; i++) {
  sandbox.pattern = patterns[i];
  sandbox.number = number;
  try {
    if (script.runInContext(sandbox, { timeout }) === true) found = i;
  } catch {}
}
parentPort.postMessage(found);
`;

/**
 * The index of the first pattern (JavaScript syntax, no flags) that matches anywhere in the number,
 * or -1. Patterns are the administrators' own text, so they run in a worker thread: request
 * handling goes on meanwhile, and the whole call is stopped after TESTER_BUDGET_MS.
 */
export function firstMatch(patterns: string[], number: string, budgetMs = TESTER_BUDGET_MS): Promise<number> {
  if (!patterns.length) return Promise.resolve(-1);
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
    worker.once('message', (index: number) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(index);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
