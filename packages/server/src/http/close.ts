import type { FastifyInstance } from 'fastify';

/** How often idle sockets are closed while the grace runs. */
const IDLE_SWEEP_MS = 50;

/**
 * Closes the HTTP side within `graceMs`: stops accepting at once (Fastify answers requests that
 * still arrive on open sockets with 503), lets requests in flight finish, closes keep-alive sockets
 * as soon as they fall idle, and when the grace is over cuts every connection left (a stalled
 * upload or download, a client that keeps a socket open) so the close never waits for a client.
 * Then Fastify's onClose hooks run as usual.
 */
export async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const server = app.server;
  const closed = app.close();
  // Node closes the sockets idle at the moment of server.close(); a request in flight leaves its
  // keep-alive socket open after its answer, so sweep them until everything is done.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => {
    clearInterval(sweep);
    server.closeAllConnections();
  }, graceMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
