import { createHash, randomBytes } from 'node:crypto';
import type { ErrorKey, ErrorParams } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { classAllows } from '../../../access/rights.js';
import type { AppContext } from '../../../context.js';
import { keyedError } from '../../../core/errors.js';
import { pathParam } from '../../../core/params.js';
import { doc, validationError } from '../../../core/route.js';
import { type SignedInRequest, signedInRoute } from '../../../core/signed-in.js';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/sql.js';
import { NO_RECORD_PARAM } from '../../engine/define.js';

/**
 * The page calls of a messenger chat gateway, on the gateway's own uri as the spec has them
 * (`GET {uri}?pages=`, `?instagram=`, `?whatsapp=`), mounted under `/api/chat/hook{uri}`. Our
 * server keeps the pages and WhatsApp accounts the provider's dialog granted, with their tokens,
 * and talks to the Graph API at GRAPH_API_URL. The dialog comes back to the public
 * `/api/chat/setup{uri}?kind=pages|whatsapp&code=`.
 */
export const HOOK_PREFIX = '/api/chat/hook';
export const SETUP_PREFIX = '/api/chat/setup';

const PAGE_SCOPES = 'pages_show_list,pages_messaging,pages_manage_metadata,instagram_basic,instagram_manage_messages';
const WHATSAPP_SCOPES = 'whatsapp_business_management,whatsapp_business_messaging';
const PAGE_FIELDS = 'messages,messaging_postbacks,message_reads';
const GRAPH_TIMEOUT_MS = 10_000;

type Gateway = { id: number; domainId: number; uri: string; clientId: string; clientSecret: string };
type Account = { externalId: string; name: string; accessToken: string; extra: Record<string, unknown> };
type Kind = 'pages' | 'whatsapp';

const fail = (status: number, id: string, key: ErrorKey, params: ErrorParams = {}) =>
  keyedError(status, `app.chatGateways.${id}`, key, params);

async function findGateway(db: Db, uri: string, domainId: number | null): Promise<Gateway> {
  const rows = await queryRows<{
    id: number;
    domain_id: number;
    uri: string;
    provider: string;
    metadata: Record<string, string>;
  }>(
    db,
    domainId === null
      ? sql`select id, domain_id, uri, provider, metadata from chat_gateways where uri = ${uri}`
      : sql`select id, domain_id, uri, provider, metadata from chat_gateways where uri = ${uri} and domain_id = ${domainId}`,
  );
  const row = rows[0];
  if (!row) throw fail(404, 'not_found', 'chatGatewayNotFound');
  if (row.provider !== 'messenger') throw fail(400, 'not_messenger', 'chatPagesMessengerOnly');
  const { clientId = '', clientSecret = '' } = row.metadata;
  if (!clientId || !clientSecret) throw fail(400, 'no_client', 'chatGatewayNoClient');
  return { id: row.id, domainId: row.domain_id, uri: row.uri, clientId, clientSecret };
}

/** One Graph call; a refusal becomes 502 with the provider's message. */
async function graph<T>(
  ctx: AppContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
): Promise<T> {
  const url = new URL(`${ctx.config.graphApiUrl}/${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, { method, signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
  } catch {
    throw fail(502, 'provider', 'providerUnreachable');
  }
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!res.ok) throw fail(502, 'provider', 'providerRefused', { reason: body.error?.message ?? res.status });
  return body as T;
}

async function accounts(db: Db, gatewayId: number, kind: 'page' | 'whatsapp'): Promise<Account[]> {
  return queryRows<Account>(
    db,
    sql`select external_id as "externalId", name, access_token as "accessToken", extra
      from chat_gateway_accounts where gateway_id = ${gatewayId} and kind = ${kind} order by name, external_id`,
  );
}

async function storeAccount(db: Db, g: Gateway, kind: 'page' | 'whatsapp', a: Account) {
  await db.execute(sql`insert into chat_gateway_accounts (domain_id, gateway_id, kind, external_id, name, access_token, extra)
    values (${g.domainId}, ${g.id}, ${kind}, ${a.externalId}, ${a.name}, ${a.accessToken}, ${JSON.stringify(a.extra)}::jsonb)
    on conflict (gateway_id, kind, external_id)
    do update set name = excluded.name, access_token = excluded.access_token, extra = excluded.extra, updated_at = now()`);
}

const subscribedApps = (ctx: AppContext, id: string, token: string) =>
  graph<{ data: { id: string }[] }>(ctx, 'GET', `${encodeURIComponent(id)}/subscribed_apps`, { access_token: token });

async function listPages(ctx: AppContext, g: Gateway) {
  const pages = await accounts(ctx.db, g.id, 'page');
  return Promise.all(
    pages.map(async (p) => ({
      id: p.externalId,
      name: p.name,
      subscribed: (await subscribedApps(ctx, p.externalId, p.accessToken)).data.some((a) => a.id === g.clientId),
      instagram: (p.extra.instagram as { id: string; username: string } | undefined) ?? null,
    })),
  );
}

async function listWhatsapp(ctx: AppContext, g: Gateway) {
  const found = await accounts(ctx.db, g.id, 'whatsapp');
  return Promise.all(
    found.map(async (w) => {
      const [numbers, apps] = await Promise.all([
        graph<{ data: { display_phone_number: string }[] }>(
          ctx,
          'GET',
          `${encodeURIComponent(w.externalId)}/phone_numbers`,
          { access_token: w.accessToken },
        ),
        subscribedApps(ctx, w.externalId, w.accessToken),
      ]);
      return {
        id: w.externalId,
        name: w.name,
        phoneNumbers: numbers.data.map((n) => n.display_phone_number),
        subscribed: apps.data.some((a) => a.id === g.clientId),
      };
    }),
  );
}

/** The dialog's return address, from PUBLIC_URL: a forged Host header cannot redirect the code elsewhere. */
const redirectUri = (ctx: AppContext, g: Gateway, kind: Kind) =>
  `${ctx.config.publicUrl}${SETUP_PREFIX}${g.uri}?kind=${kind}`;

const SETUP_STATE_SECONDS = 600;
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * A dialog link bound to the gateway and the administrator who asked for it: its state is
 * random, stored only hashed, good for ten minutes and once.
 */
async function setupLink(ctx: AppContext, request: SignedInRequest, g: Gateway, kind: Kind) {
  const state = randomBytes(32).toString('base64url');
  await ctx.db.execute(sql`delete from chat_setup_states where expires_at < now()`);
  await ctx.db.execute(sql`insert into chat_setup_states (token_hash, domain_id, gateway_id, user_id, kind, expires_at)
    values (${hashState(state)}, ${g.domainId}, ${g.id}, ${request.principal.userId}, ${kind},
            now() + make_interval(secs => ${SETUP_STATE_SECONDS}))`);
  const url = new URL(ctx.config.graphDialogUrl);
  url.searchParams.set('client_id', g.clientId);
  url.searchParams.set('redirect_uri', redirectUri(ctx, g, kind));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', kind === 'pages' ? PAGE_SCOPES : WHATSAPP_SCOPES);
  return { url: url.toString() };
}

function pick(query: Record<string, string | undefined>): { kind: 'pages' | 'instagram' | 'whatsapp'; action: string } {
  const kinds = (['pages', 'instagram', 'whatsapp'] as const).filter((k) => query[k] !== undefined);
  if (kinds.length !== 1) {
    throw validationError('chatGateways', [{ field: 'pages', message: 'Give one of pages, instagram or whatsapp' }]);
  }
  const kind = kinds[0];
  const action = query[kind] ?? '';
  return { kind, action: action === 'list' ? '' : action };
}

function needId(query: Record<string, string | undefined>): string {
  const id = query.id?.trim() ?? '';
  if (!/^\d{1,32}$/.test(id))
    throw validationError('chatGateways', [{ field: 'id', message: 'This field is required' }]);
  return id;
}

/** The gateway's uri, the rest of the path. */
const uriParams = z.object({ '*': z.string() });
const text = z.string().optional();
const hookQuery = z.object({ pages: text, instagram: text, whatsapp: text, id: text, ack: text });
const setupQuery = z.object({ kind: text, code: text, state: text });

const uriOf = (request: FastifyRequest) => `/${pathParam(request, '*') ?? ''}`;

export function registerChatPageRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'GET',
    url: `${HOOK_PREFIX}/*`,
    config: { guard: { class: 'chats', right: 'r', recordParam: NO_RECORD_PARAM }, resource: 'chatGateways' },
    schema: doc(
      'chatGateways',
      'Pages, Instagram and WhatsApp accounts of a messenger gateway: ?pages=, ?instagram=, ?whatsapp=',
      { params: uriParams, querystring: hookQuery },
    ),
    handler: async (request) => {
      const ctx = request.server.ctx;
      const principal = request.principal;
      const query = request.query;
      const { kind, action } = pick(query);
      const g = await findGateway(ctx.db, uriOf(request), principal.domainId);
      // Reading is the route's guard; anything that changes the gateway's accounts wants edit.
      if (action !== '' && !classAllows(principal, 'chats', 'w')) {
        throw keyedError(403, 'app.auth.forbidden', 'classRight', { right: 'w', resource: 'chats' });
      }
      if (kind === 'instagram') {
        if (action !== '') throw validationError('chatGateways', [{ field: 'instagram', message: 'Unknown action' }]);
        const pages = await listPages(ctx, g);
        return {
          items: pages
            .filter((p) => p.instagram)
            .map((p) => ({ ...p.instagram, page: { id: p.id, name: p.name }, subscribed: p.subscribed })),
        };
      }
      if (kind === 'pages') {
        if (action === 'setup') return setupLink(ctx, request, g, 'pages');
        if (action === 'subscribe' || action === 'unsubscribe') {
          const id = needId(query);
          const page = (await accounts(ctx.db, g.id, 'page')).find((p) => p.externalId === id);
          if (!page) throw fail(404, 'page_not_found', 'chatPageNotFound');
          if (action === 'subscribe') {
            await graph(ctx, 'POST', `${id}/subscribed_apps`, {
              subscribed_fields: PAGE_FIELDS,
              access_token: page.accessToken,
            });
          } else {
            await graph(ctx, 'DELETE', `${id}/subscribed_apps`, { access_token: page.accessToken });
          }
        } else if (action !== '') {
          throw validationError('chatGateways', [{ field: 'pages', message: 'Unknown action' }]);
        }
        return { items: await listPages(ctx, g) };
      }
      if (action === 'setup') return setupLink(ctx, request, g, 'whatsapp');
      if (action === 'subscribe' || action === 'unsubscribe' || action === 'remove') {
        const id = needId(query);
        const account = (await accounts(ctx.db, g.id, 'whatsapp')).find((w) => w.externalId === id);
        if (!account) throw fail(404, 'whatsapp_not_found', 'chatWhatsappNotFound');
        if (action === 'remove' && query.ack !== 'true') {
          throw validationError('chatGateways', [{ field: 'ack', message: 'Removing needs ack=true' }]);
        }
        if (action === 'subscribe') {
          await graph(ctx, 'POST', `${id}/subscribed_apps`, { access_token: account.accessToken });
        } else {
          await graph(ctx, 'DELETE', `${id}/subscribed_apps`, { access_token: account.accessToken });
        }
        if (action === 'remove') {
          await ctx.db.execute(
            sql`delete from chat_gateway_accounts where gateway_id = ${g.id} and kind = 'whatsapp' and external_id = ${id}`,
          );
        }
      } else if (action !== '') {
        throw validationError('chatGateways', [{ field: 'whatsapp', message: 'Unknown action' }]);
      }
      return { items: await listWhatsapp(ctx, g) };
    },
  });

  // The provider's dialog sends the browser back here with a code: no token travels with it,
  // so the route is public; the code is worth something only with the gateway's client secret.
  app.get(
    `${SETUP_PREFIX}/*`,
    {
      config: { guard: 'public', resource: 'chatGateways' },
      schema: doc('chatGateways', 'Return of the provider dialog: stores the granted accounts', {
        params: uriParams,
        querystring: setupQuery,
      }),
    },
    async (request, reply) => {
      const ctx = request.server.ctx;
      const query = request.query as z.output<typeof setupQuery>;
      const kind = query.kind;
      if (kind !== 'pages' && kind !== 'whatsapp') {
        throw validationError('chatGateways', [{ field: 'kind', message: 'Should be pages or whatsapp' }]);
      }
      if (!query.code) throw validationError('chatGateways', [{ field: 'code', message: 'This field is required' }]);
      // Only a dialog an administrator of the gateway's domain opened, recently, counts, and once.
      const [started] = await queryRows<{ domainId: number; gatewayId: number }>(
        ctx.db,
        sql`delete from chat_setup_states where token_hash = ${hashState(query.state ?? '')}
              and kind = ${kind} and expires_at > now()
            returning domain_id as "domainId", gateway_id as "gatewayId"`,
      );
      if (!started) {
        throw fail(400, 'setup_state', 'chatSetupExpired');
      }
      const g = await findGateway(ctx.db, uriOf(request), started.domainId);
      if (g.id !== started.gatewayId) {
        throw fail(400, 'setup_state', 'chatSetupOther');
      }
      const { access_token: userToken } = await graph<{ access_token: string }>(ctx, 'GET', 'oauth/access_token', {
        client_id: g.clientId,
        client_secret: g.clientSecret,
        redirect_uri: redirectUri(ctx, g, kind),
        code: query.code,
      });
      if (kind === 'pages') {
        const pages = await graph<{
          data: {
            id: string;
            name: string;
            access_token: string;
            instagram_business_account?: { id: string; username: string };
          }[];
        }>(ctx, 'GET', 'me/accounts', {
          fields: 'id,name,access_token,instagram_business_account{id,username}',
          access_token: userToken,
        });
        for (const p of pages.data) {
          const instagram = p.instagram_business_account;
          await storeAccount(ctx.db, g, 'page', {
            externalId: p.id,
            name: p.name,
            accessToken: p.access_token,
            extra: instagram ? { instagram: { id: instagram.id, username: instagram.username } } : {},
          });
        }
      } else {
        const debug = await graph<{ data: { granular_scopes?: { scope: string; target_ids?: string[] }[] } }>(
          ctx,
          'GET',
          'debug_token',
          { input_token: userToken, access_token: `${g.clientId}|${g.clientSecret}` },
        );
        const ids = (debug.data.granular_scopes ?? [])
          .filter((s) => s.scope === 'whatsapp_business_management')
          .flatMap((s) => s.target_ids ?? []);
        for (const id of ids) {
          const waba = await graph<{ id: string; name: string }>(ctx, 'GET', encodeURIComponent(id), {
            fields: 'id,name',
            access_token: userToken,
          });
          await storeAccount(ctx.db, g, 'whatsapp', {
            externalId: waba.id,
            name: waba.name,
            accessToken: userToken,
            extra: {},
          });
        }
      }
      return reply.redirect(`/routing/chat-gateways/${g.id}`);
    },
  );
}
