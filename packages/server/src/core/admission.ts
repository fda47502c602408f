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

type Waiter = { admit: (release: () => void) => void; timer: NodeJS.Timeout; done: boolean };

/**
 * A first-in, first-out gate: at most `concurrency` holders at once; the rest wait in arrival
 * order. A caller is turned away rather than left to starve: at once when `queue` callers already
 * wait, or once it has waited `waitMs`.
 *
 * At most `concurrency` callers start in one turn of the event loop; the rest wait for the next.
 * On the embedded database a request's work runs synchronously in promise callbacks, so without
 * that bound one turn serves every request its sockets brought in, and a turn lasts as long as
 * all of them. Node accepts one new connection per turn: with long turns, new connections waited
 * in the kernel for as long as the load lasted while the connections already open were served
 * again and again.
 */
export class AdmissionQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private head = 0;
  private queued = 0;
  /** Callers started in this turn of the event loop, and whether the next turn is scheduled. */
  private startedThisTurn = 0;
  private turnScheduled = false;

  constructor(readonly limits: AdmissionLimits) {}

  /** Holders now, and callers waiting. */
  get stats() {
    return { running: this.running, waiting: this.queued };
  }

  /**
   * Resolves with the function that frees the place, or null when the caller is turned away or
   * `gone` aborts while it waits (the client left: its place in the line goes to the next).
   */
  enter(gone?: AbortSignal): Promise<(() => void) | null> {
    if (gone?.aborted) return Promise.resolve(null);
    if (this.queued === 0 && this.canStart()) return Promise.resolve(this.hold());
    if (this.queued >= this.limits.queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        if (waiter.done) return;
        waiter.done = true;
        clearTimeout(waiter.timer);
        this.queued--;
        resolve(null);
      };
      const waiter: Waiter = {
        done: false,
        admit: (release) => {
          gone?.removeEventListener('abort', leave);
          resolve(release);
        },
        timer: setTimeout(() => {
          gone?.removeEventListener('abort', leave);
          leave();
        }, this.limits.waitMs),
      };
      gone?.addEventListener('abort', leave, { once: true });
      this.queued++;
      this.waiting.push(waiter);
      this.scheduleTurn();
    });
  }

  private canStart(): boolean {
    return this.running < this.limits.concurrency && this.startedThisTurn < this.limits.concurrency;
  }

  private hold(): () => void {
    this.running++;
    this.startedThisTurn++;
    this.scheduleTurn();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.scheduleTurn();
    };
  }

  /** On the next turn of the event loop: a fresh budget of starts, and free places to waiters. */
  private scheduleTurn() {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.startedThisTurn = 0;
      this.next();
    });
  }

  /** Gives free places to the longest-waiting callers still waiting. */
  private next() {
    while (this.canStart() && this.head < this.waiting.length) {
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

/** A request's place in the queue, for the requests that give it up while they wait on their client. */
type Place = { leave: () => void; rejoin: () => Promise<void> };
const places = new WeakMap<FastifyRequest, Place>();

/**
 * Gives up the request's place while it waits on its client (an upload's body arriving), so a
 * slow sender holds no place the database work of others needs. No-op without a queue.
 */
export const leaveAdmission = (request: FastifyRequest) => places.get(request)?.leave();

/**
 * Takes a place again (in arrival order, behind the requests waiting) before the request's
 * database work; throws 503 as any request turned away.
 */
export const rejoinAdmission = (request: FastifyRequest) => places.get(request)?.rejoin() ?? Promise.resolve();

/**
 * Puts API requests through an admission queue before anything else runs (authentication
 * included). A request keeps its place until its response is finished or the client leaves, so a
 * streamed export holds one place while it streams.
 */
export function registerAdmission(app: FastifyInstance, limits: AdmissionLimits): AdmissionQueue {
  const queue = new AdmissionQueue(limits);
  const retryAfter = String(Math.max(1, Math.ceil(limits.waitMs / 1000)));
  const busy = () => {
    const params = { seconds: retryAfter };
    return keyedError(503, 'app.busy', 'busy', params, undefined, { 'retry-after': retryAfter });
  };
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    // The place is freed when the answer is finished or the client goes away, whichever comes
    // first, and a client that leaves while waiting leaves the line. Listening from the start
    // matters: a place given to a client already gone was never freed, and four such places
    // (the end of one load test) stopped the embedded server for good.
    const gone = new AbortController();
    let release: (() => void) | null = null;
    reply.raw.once('close', () => {
      gone.abort();
      release?.();
    });
    if (request.raw.destroyed || reply.raw.destroyed) gone.abort();
    const admitted = await queue.enter(gone.signal);
    if (gone.signal.aborted) {
      admitted?.();
      // Nobody to answer: end the request here.
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (!admitted) throw busy();
    release = admitted;
    places.set(request, {
      leave: () => {
        release?.();
        release = null;
      },
      rejoin: async () => {
        if (release) return;
        const again = await queue.enter(gone.signal);
        if (gone.signal.aborted) {
          again?.();
          throw busy();
        }
        if (!again) throw busy();
        release = again;
      },
    });
  });
  return queue;
}
