import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keyedError } from './errors.js';

/** ADMISSION_*: requests handled at once, requests waiting at most, and the longest wait. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The admission queue, where one is on. */
    admission?: AdmissionQueue;
  }
}

export type AdmissionLimits = { concurrency: number; queue: number; waitMs: number };

type Waiter = { admit: (release: () => void) => void; shed: () => void; timer: NodeJS.Timeout; done: boolean };

/**
 * A first-in, first-out gate: at most `concurrency` holders at once; the rest wait in arrival
 * order. A caller is turned away rather than left to starve: at once when `queue` callers already
 * wait, or once it has waited `waitMs`.
 */
export class AdmissionQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private head = 0;
  private queued = 0;

  constructor(readonly limits: AdmissionLimits) {}

  /** Holders now, and callers waiting. */
  get stats() {
    return { running: this.running, waiting: this.queued };
  }

  /** Resolves with the function that frees the place, or null when the caller is turned away. */
  enter(): Promise<(() => void) | null> {
    if (this.running < this.limits.concurrency && this.queued === 0) return Promise.resolve(this.hold());
    if (this.queued >= this.limits.queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        done: false,
        admit: (release) => resolve(release),
        shed: () => resolve(null),
        timer: setTimeout(() => {
          waiter.done = true;
          this.queued--;
          waiter.shed();
        }, this.limits.waitMs),
      };
      this.queued++;
      this.waiting.push(waiter);
    });
  }

  private hold(): () => void {
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.next();
    };
  }

  /** Gives a free place to the longest-waiting caller still waiting. */
  private next() {
    while (this.running < this.limits.concurrency && this.head < this.waiting.length) {
      const waiter = this.waiting[this.head++];
      if (waiter.done) continue;
      waiter.done = true;
      clearTimeout(waiter.timer);
      this.queued--;
      waiter.admit(this.hold());
    }
    // Drop the consumed front now and then rather than shifting the array on every call.
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
  }
}

/**
 * Requests the queue leaves alone: the console's files (no database), the health check (a load
 * balancer must see a busy node as alive, not take it out and move its load to the others), and
 * live event streams (open for hours; they hold no database work).
 */
function exempt(request: FastifyRequest): boolean {
  const url = request.url;
  if (!url.startsWith('/api/')) return true;
  const path = url.split('?')[0];
  return path === '/api/health' || path === '/api/events';
}

/**
 * Puts API requests through an admission queue before anything else runs (authentication
 * included). A request keeps its place until its response is finished or the client leaves, so a
 * streamed export holds one place while it streams.
 */
export function registerAdmission(app: FastifyInstance, limits: AdmissionLimits): AdmissionQueue {
  const queue = new AdmissionQueue(limits);
  const retryAfter = String(Math.max(1, Math.ceil(limits.waitMs / 1000)));
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    const release = await queue.enter();
    if (!release) {
      const params = { seconds: retryAfter };
      throw keyedError(503, 'app.busy', 'busy', params, undefined, { 'retry-after': retryAfter });
    }
    reply.raw.once('close', release);
  });
  return queue;
}
