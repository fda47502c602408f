import type autocannon from 'autocannon';
import { rssMb } from './server-process.js';

/** What several benches measure alike: memory over a run, and which databases to run on. */

/**
 * Samples a process's resident memory every `everyMs` ms: `idle` is the figure at the start,
 * `stop()` ends the sampling and answers the peak seen.
 */
export function rssSampler(pid: number, everyMs: number): { idle: number; stop: () => number } {
  const idle = rssMb(pid);
  let peak = idle;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, everyMs);
  return {
    idle,
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

export type Driver = 'pglite' | 'postgres';

/**
 * The databases a bench measures: the one the environment variable `only` names, else
 * PostgreSQL (where DATABASE_URL is set) and PGlite.
 */
export function benchDrivers(only: string): Driver[] {
  const one = process.env[only] as Driver | undefined;
  return one ? [one] : process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
}

/**
 * The figures of an autocannon run: answers, latencies (ms), answers shed with 503 and the other
 * failures (other non-2xx answers, errors, time-outs).
 */
export function loadFigures(result: autocannon.Result) {
  const shed = result.statusCodeStats?.['503']?.count ?? 0;
  return {
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    shed,
    errors: result.non2xx - shed + result.errors + result.timeouts,
  };
}
