import { type ResourceDef, userToken, userTokenCreated, userTokenInput } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuseStrongerUser } from '../../../access/escalation.js';
import { invalidateAuth } from '../../../auth/cache.js';
import { issueToken } from '../../../auth/tokens.js';
import { authTokens } from '../../../db/schema.js';
import { forbidden, HttpError } from '../../../http/errors.js';
import { compile } from '../../engine/compile.js';
import { doc, listAnswerDoc, listQueryDoc, parseBody, parseId, queryError, routeCompilers } from '../../engine/http.js';
import { isQueryError, parseListQuery } from '../../engine/list-query.js';
import { listItems, notFound, readItem } from '../../engine/ops.js';
import { queryRows } from '../../engine/sql.js';
import { usersResource } from './users.js';

/** A user's API tokens, listed like a resource; the value itself is never stored nor listed. */
const tokensDef: ResourceDef = {
  name: 'tokens',
  path: '/users/:id/tokens',
  objClass: null,
  area: 'directory',
  route: '/directory/users',
  input: userTokenInput,
  item: userToken,
  fields: ['id', 'usage', 'createdAt', 'createdBy'],
  listFields: ['id', 'usage', 'createdAt', 'createdBy'],
  search: ['usage'],
  sort: ['id', 'usage', 'createdAt'],
  defaultSort: '-createdAt',
  columns: [],
  recordAcl: false,
  ops: { create: true, update: false, patch: false, delete: true },
};

const tokens = compile(tokensDef, {
  table: authTokens,
  recordClass: null,
  fields: {
    createdBy: {
      select: `(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = t.created_by)`,
    },
  },
});

const tokenRows = (userId: number) => [sql`t.user_id = ${userId}`, sql`t.kind = 'token'`, sql`t.revoked_at is null`];

async function userOf(request: FastifyRequest): Promise<number> {
  const id = parseId('users', (request.params as { id: string }).id);
  const found = await queryRows(
    request.server.ctx.db,
    sql`select 1 from users where id = ${id} and domain_id = ${request.principal!.domainId}`,
  );
  if (!found.length) throw notFound(usersResource.compiled);
  return id;
}

const params = z.object({ id: z.string() });

/** GET and POST /api/users/{id}/tokens, DELETE /api/users/{id}/tokens/{tokenId}. */
export function registerUserTokenRoutes(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: '/api/users/:id/tokens',
    config: { guard: { class: 'users', right: 'r' } },
    schema: doc('users', "A user's API tokens (never their value)", {
      params,
      querystring: listQueryDoc,
      response: { 200: listAnswerDoc(userToken) },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const lq = parseListQuery(tokens.listSpec, request.query as Record<string, unknown>);
      if (isQueryError(lq)) throw queryError('tokens', lq);
      const userId = await userOf(request);
      return listItems(request.server.ctx.db, tokens, request.principal!, lq, tokenRows(userId));
    },
  });

  app.route({
    method: 'POST',
    url: '/api/users/:id/tokens',
    config: { guard: { class: 'users', right: 'w' } },
    schema: doc('users', 'Create an API token (its value is answered only here)', {
      params,
      body: userTokenInput,
      response: { 201: userTokenCreated },
    }),
    ...routeCompilers,
    handler: async (request, reply) => {
      const body = parseBody('tokens', userTokenInput, request.body);
      const userId = await userOf(request);
      const ctx = request.server.ctx;
      const principal = request.principal!;
      // A token signs in as its user: minting one for someone else is as strong as setting their
      // password, so it needs the same permission (else the edit right would reach any user's rights).
      if (userId !== principal.userId && !principal.permissions.has('changeUserPassword')) {
        throw forbidden("Creating another user's token needs the changeUserPassword permission.");
      }
      await refuseStrongerUser(ctx.db, principal, userId, 'create a token for');
      const { token, row } = await issueToken(ctx, {
        userId,
        domainId: principal.domainId,
        kind: 'token',
        usage: body.usage,
        createdBy: principal.userId,
        ip: request.ip,
      });
      const item = await readItem(ctx.db, tokens, principal.domainId, row.id);
      return reply.status(201).send({ ...item, token });
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/users/:id/tokens/:tokenId',
    config: { guard: { class: 'users', right: 'w' } },
    schema: doc('users', 'Delete (revoke) an API token', {
      params: params.extend({ tokenId: z.string() }),
      response: { 200: userToken },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const userId = await userOf(request);
      const tokenId = parseId('tokens', (request.params as { tokenId: string }).tokenId, 'tokenId');
      const ctx = request.server.ctx;
      const domainId = request.principal!.domainId;
      const item = await readItem(ctx.db, tokens, domainId, tokenId);
      const deleted = await queryRows(
        ctx.db,
        sql`delete from auth_tokens where id = ${tokenId} and user_id = ${userId} and domain_id = ${domainId}
            and kind = 'token' returning id`,
      );
      if (!deleted.length) throw new HttpError(404, 'app.tokens.not_found', 'No such token.');
      // Cached sessions of that token must not outlive it.
      await invalidateAuth(ctx);
      return item;
    },
  });
}
