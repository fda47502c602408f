import type { FastifyReply } from 'fastify';
import { leaveAdmission, rejoinAdmission } from './admission.js';
import { keyedError } from './errors.js';
import type { SignedInRequest } from './signed-in.js';

/** Uploads running now, by user (this node's). */
const running = new Map<number, number>();

/** Uploads running on this node: all of them, or one user's. */
export function uploadsRunning(userId?: number): number {
  if (userId !== undefined) return running.get(userId) ?? 0;
  let n = 0;
  for (const count of running.values()) n += count;
  return n;
}

const tooSlow = (rate: number, windowMs: number) =>
  keyedError(408, 'app.upload.too_slow', 'uploadTooSlow', {
    rate,
    seconds: Math.round(windowMs / 100) / 10,
  });

/**
 * Receives the body of an upload (every multipart route): `receive` reads the body and stores it
 * (on disk), and touches no database. Around it:
 *
 * - one user runs at most UPLOADS_PER_USER uploads at once (429 beyond), counted until the
 *   request's answer is finished or its client leaves;
 * - the request gives up its place in the admission queue while its body arrives, so stalled or
 *   slow senders hold none of the places other requests need, and takes one again (in line) for
 *   the database work that follows;
 * - a body arriving slower than UPLOAD_MIN_RATE bytes a second over any UPLOAD_RATE_WINDOW_MS is
 *   cut: the request answers 408 and its connection is closed. `receive` is given a signal that
 *   aborts then; it must remove what it stored when it fails (it may still be running then).
 *
 * `discard` removes what `receive` stored when the request ends without using it (cut, or turned
 * away by the admission queue afterwards).
 */
export async function receiveUpload<T>(
  request: SignedInRequest,
  reply: FastifyReply,
  receive: (signal: AbortSignal) => Promise<T>,
  discard?: (received: T) => Promise<void>,
): Promise<T> {
  const { minRate, windowMs, perUser } = request.server.ctx.config.uploads;
  const userId = request.principal.userId;
  const count = running.get(userId) ?? 0;
  if (count >= perUser) {
    throw keyedError(429, 'app.upload.too_many', 'tooManyUploads', { max: perUser }, undefined, {
      'retry-after': '1',
    });
  }
  running.set(userId, count + 1);
  reply.raw.once('close', () => {
    const now = (running.get(userId) ?? 1) - 1;
    if (now > 0) running.set(userId, now);
    else running.delete(userId);
  });

  leaveAdmission(request);
  const slow = new AbortController();
  const socket = request.raw.socket;
  let seen = socket.bytesRead;
  const watch =
    minRate > 0
      ? setInterval(() => {
          // A body read to its end waits on nothing the client sends.
          if (request.raw.complete) return;
          const now = socket.bytesRead;
          if (now - seen < (minRate * windowMs) / 1000) slow.abort();
          seen = now;
        }, windowMs)
      : null;
  const cut = new Promise<never>((_, reject) => {
    slow.signal.addEventListener('abort', () => reject(tooSlow(minRate, windowMs)), { once: true });
  });
  // Whatever `receive` does after the cut (it fails once the connection closes) is its own to clean up.
  const received = receive(slow.signal);
  received.catch(() => {});
  try {
    await Promise.race([received, cut]);
  } catch (error) {
    if (slow.signal.aborted) {
      if (discard) received.then(discard, () => {});
      // The rest of the body will not be read: the connection ends with the answer.
      reply.header('connection', 'close');
      reply.raw.once('finish', () => socket.destroy());
      throw tooSlow(minRate, windowMs);
    }
    throw error;
  } finally {
    if (watch) clearInterval(watch);
  }
  const value = await received;
  try {
    await rejoinAdmission(request);
  } catch (error) {
    await discard?.(value);
    throw error;
  }
  return value;
}
