// A local stand-in for the flow runner (README, "The flow runner"): it takes the hand-over
// `POST {domain, flow, variables, origin}`, checks the signature when it knows the secret, records
// the call and answers. Plain ESM: the API tests and the browser tests' server launcher start it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const signatureOf = (secret, timestamp, body) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

function signedBy(secret, req, body) {
  const timestamp = req.headers['x-switchboard-timestamp'];
  const given = req.headers['x-switchboard-signature'];
  if (typeof timestamp !== 'string' || typeof given !== 'string') return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Starts the stand-in. Every accepted hand-over is pushed to `calls`; `respond(request)` decides
 * the answer (`{status, body, delayMs}`, default 200 `{done: true}`). A run whose variables hold
 * `runnerDelayMs` or `runnerFail` is delayed or refused with 500 (the browser tests use these).
 */
export async function startFlowRunnerStandin({ secret = null, port = 0, host = '127.0.0.1' } = {}) {
  const calls = [];
  const standin = {
    url: '',
    calls,
    /** @type {(request: any) => Promise<{status?: number, body?: unknown, delayMs?: number}> | {status?: number, body?: unknown, delayMs?: number}} */
    respond: (request) => {
      const v = request.variables ?? {};
      if (v.runnerFail) return { status: 500, body: { error: String(v.runnerFail) } };
      return { status: 200, body: { done: true }, delayMs: Number(v.runnerDelayMs) || 0 };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    if (secret && !signedBy(secret, req, text)) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad signature' }));
      return;
    }
    let request;
    try {
      request = JSON.parse(text);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not JSON' }));
      return;
    }
    calls.push({ ...request, receivedAt: Date.now() });
    const answer = await standin.respond(request);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(port, host, () => resolve()));
  const address = server.address();
  standin.url = `http://${host}:${typeof address === 'object' && address ? address.port : port}/run`;
  const close = standin.close;
  standin.close = () => {
    server.closeAllConnections();
    return close();
  };
  return standin;
}
