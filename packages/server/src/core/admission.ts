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
    const now = this.admitNow();
    if (now) return Promise.resolve(now);
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

  /** A place at once, when one is free and nobody waits for it; else null (enter waits in line). */
  admitNow(): (() => void) | null {
    return this.queued === 0 && this.canStart() ? this.hold() : null;
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
  const end = url.indexOf('?');
  const path = end < 0 ? url : url.slice(0, end);
  return path === '/api/health' || path === '/api/events';
}

/**
 * A request's place in the queue, from its arrival to the end of its answer or the departure of
 * its client, whichever comes first. Only a caller waiting in line listens for its client leaving
 * (an AbortSignal): one admitted at once, as most are, costs no signal.
 */
class Place {
  release: (() => void) | null = null;
  /** The client went away (the socket closed). */
  closed = false;
  private waiting: AbortController | null = null;

  constructor(readonly queue: AdmissionQueue) {}

  /** The socket closed: the caller leaves the line, or frees its place. */
  readonly onClose = () => {
    this.closed = true;
    this.waiting?.abort();
    this.leave();
  };

  leave() {
    const release = this.release;
    this.release = null;
    release?.();
  }

  /** Takes a place (at once or in line): false when turned away, or when the client left meanwhile. */
  async take(): Promise<boolean> {
    if (this.closed) return false;
    this.release = this.queue.admitNow();
    if (this.release) return true;
    const gone = new AbortController();
    this.waiting = gone;
    const admitted = await this.queue.enter(gone.signal);
    this.waiting = null;
    if (this.closed) {
      admitted?.();
      return false;
    }
    this.release = admitted;
    return admitted !== null;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's place in the admission queue, where one is on and the request takes one. */
    admissionPlace: Place | null;
  }
}

/**
 * Gives up the request's place while it waits on its client (an upload's body arriving), so a
 * slow sender holds no place the database work of others needs. No-op without a queue.
 */
export const leaveAdmission = (request: FastifyRequest) => request.admissionPlace?.leave();

/**
 * Takes a place again (in arrival order, behind the requests waiting) before the request's
 * database work; throws 503 as any request turned away.
 */
export async function rejoinAdmission(request: FastifyRequest): Promise<void> {
  const place = request.admissionPlace;
  if (!place || place.release) return;
  if (!(await place.take())) throw busyError(place.queue.limits.waitMs);
}

function busyError(waitMs: number) {
  const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));
  const params = { seconds: retryAfter };
  return keyedError(503, 'app.busy', 'busy', params, undefined, { 'retry-after': retryAfter });
}

/**
 * Puts API requests through an admission queue before anything else runs (authentication
 * included). A request keeps its place until its response is finished or the client leaves, so a
 * streamed export holds one place while it streams.
 */
export function registerAdmission(app: FastifyInstance, limits: AdmissionLimits): AdmissionQueue {
  const queue = new AdmissionQueue(limits);
  app.decorateRequest('admissionPlace', null);
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    // The place is freed when the answer is finished or the client goes away, whichever comes
    // first, and a client that leaves while waiting leaves the line. Listening from the start
    // matters: a place given to a client already gone was never freed, and four such places
    // (the end of one load test) stopped the embedded server for good.
    const place = new Place(queue);
    reply.raw.once('close', place.onClose);
    if (request.raw.destroyed || reply.raw.destroyed) place.closed = true;
    if (await place.take()) {
      request.admissionPlace = place;
      return;
    }
    if (place.closed) {
      // Nobody to answer: end the request here.
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    throw busyError(limits.waitMs);
  });
  return queue;
}
