// A local stand-in for the few Graph API endpoints the chat gateway pages call, so that tests run
// the real server code against it (GRAPH_API_URL). Plain ESM: the API tests and the browser tests'
// server launcher both start it. Tokens carry the app id: `<clientId>:user`, `<clientId>:page:<id>`.
import http from 'node:http';

/** What the stand-in's one user may grant: two pages (one with Instagram) and a WhatsApp account. */
export const STANDIN_PAGES = [
  { id: '1001', name: 'Acme Support', instagram: { id: '17841400000000001', username: 'acme.support' } },
  { id: '1002', name: 'Acme Sales', instagram: null },
];
export const STANDIN_WHATSAPP = [
  {
    id: '2001',
    name: 'Acme WhatsApp',
    phoneNumbers: [{ id: '3001', display_phone_number: '+1 555-0100', verified_name: 'Acme' }],
  },
];
/** A code the dialog would hand back; any other code is refused. */
export const STANDIN_CODE = 'standin-code';

const fail = (res, status, message) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'OAuthException', code: 190 } }));
};
const send = (res, body) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * Starts the stand-in on `port` (0: any free port). Answers `{url, subscriptions, calls, close}`:
 * `subscriptions` maps an object id (page or WhatsApp account) to the app ids subscribed to it.
 */
export async function startGraphStandin(port = 0, host = '127.0.0.1') {
  /** @type {Map<string, Set<string>>} */
  const subscriptions = new Map();
  /** @type {string[]} */
  const calls = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const q = url.searchParams;
    const parts = url.pathname.split('/').filter(Boolean);
    // Any version prefix (v19.0) is accepted, as the base URL carries it.
    if (parts[0] && /^v\d+\.\d+$/.test(parts[0])) parts.shift();
    calls.push(`${req.method} /${parts.join('/')}`);
    // The provider's dialog: the user grants everything at once and is sent back with a code.
    if (parts[0] === 'dialog' && parts[1] === 'oauth') {
      const back = q.get('redirect_uri');
      if (!back || !q.get('client_id')) return fail(res, 400, 'redirect_uri and client_id are required');
      const target = new URL(back);
      target.searchParams.set('code', STANDIN_CODE);
      // A provider hands the state it was given back untouched.
      const state = q.get('state');
      if (state) target.searchParams.set('state', state);
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    const token = q.get('access_token') ?? '';
    const [app, kind, objectId] = token.split(':');

    if (parts[0] === 'oauth' && parts[1] === 'access_token') {
      if (q.get('code') !== STANDIN_CODE || !q.get('client_id') || !q.get('client_secret') || !q.get('redirect_uri')) {
        return fail(res, 400, 'Invalid verification code');
      }
      return send(res, { access_token: `${q.get('client_id')}:user`, token_type: 'bearer' });
    }
    if (parts[0] === 'me' && parts[1] === 'accounts') {
      if (kind !== 'user') return fail(res, 401, 'A user token is needed');
      return send(res, {
        data: STANDIN_PAGES.map((p) => ({
          id: p.id,
          name: p.name,
          access_token: `${app}:page:${p.id}`,
          ...(p.instagram ? { instagram_business_account: p.instagram } : {}),
        })),
      });
    }
    if (parts[0] === 'debug_token') {
      if (!token.includes('|')) return fail(res, 401, 'An app token is needed');
      return send(res, {
        data: {
          app_id: token.split('|')[0],
          is_valid: true,
          granular_scopes: [{ scope: 'whatsapp_business_management', target_ids: STANDIN_WHATSAPP.map((w) => w.id) }],
        },
      });
    }
    const id = parts[0];
    const waba = STANDIN_WHATSAPP.find((w) => w.id === id);
    const page = STANDIN_PAGES.find((p) => p.id === id);
    if (!waba && !page) return fail(res, 404, `Unknown object ${id}`);
    // A page acts with its own page token; a WhatsApp account with the user token.
    const allowed = page ? kind === 'page' && objectId === id : kind === 'user';
    if (!allowed) return fail(res, 401, 'Invalid OAuth access token');
    if (parts.length === 1 && waba) return send(res, { id: waba.id, name: waba.name });
    if (parts[1] === 'phone_numbers' && waba) return send(res, { data: waba.phoneNumbers });
    if (parts[1] === 'subscribed_apps') {
      const apps = subscriptions.get(id) ?? new Set();
      subscriptions.set(id, apps);
      if (req.method === 'POST') {
        apps.add(app);
        return send(res, { success: true });
      }
      if (req.method === 'DELETE') {
        apps.delete(app);
        return send(res, { success: true });
      }
      return send(res, { data: [...apps].map((a) => ({ id: a, name: `app ${a}` })) });
    }
    return fail(res, 404, 'Unknown path');
  });
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actual}/v19.0`,
    dialogUrl: `http://${host}:${actual}/dialog/oauth`,
    subscriptions,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
