import {
  AGENT_USERS_PATH,
  agentStatusInput,
  agentStatusPath,
  agentSubordinatesPath,
  messages,
  pauseCauses as pauseCausesDef,
  teamMembersPath,
  teams as teamsDef,
  users as usersDef,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { classAllows, recordAllows, recordChecksOn } from '../../access/rights.js';
import { keyedError, keyedField } from '../../core/errors.js';
import { idParam, idParamDoc, paramId, validationError } from '../../core/route.js';
import { type SignedInRequest, signedInRoutes } from '../../core/signed-in.js';
import { queryRows } from '../../db/sql.js';
import { publish } from '../../events/hub.js';
import { USER_NAME_SQL } from '../directory/users/users.js';
import { escapeLike, isQueryError, parseListQuery, queryError } from '../engine/list-query.js';
import { findItem, notFound, updateItem } from '../engine/ops.js';
import { recordOf } from '../engine/record-of.js';
import { readableCondition, unreadableRefs } from '../engine/refs.js';
import { agentsResource } from './agents.js';
import { noSuchRef } from './shared.js';
import { changeStatus, lockAgent } from './states.js';

const agentsC = agentsResource.compiled;
const api = (path: string) => `/api${path}`;
const caller = (request: SignedInRequest) => ({ app: request.server.ctx, principal: request.principal, request });
const refIds = (value: unknown) => ((value as { id: number }[] | undefined) ?? []).map((r) => r.id);

/** May the caller edit this agent (class right, and under rbac the record right)? */
async function mayEdit(request: SignedInRequest, agentId: number): Promise<boolean> {
  const principal = request.principal;
  if (!classAllows(principal, 'cc_agent', 'w')) return false;
  if (!recordChecksOn(principal, 'cc_agent')) return true;
  return recordAllows(request.server.ctx, principal, 'cc_agent', agentId, 'w');
}

/** Is the caller a supervisor of this agent (its own agent is in the agent's supervisor list)? */
async function supervises(request: SignedInRequest, agentId: number): Promise<boolean> {
  const rows = await queryRows(
    request.server.ctx.db,
    sql`select 1 from agent_supervisors s join agents a on a.id = s.supervisor_id
        where s.agent_id = ${agentId} and a.user_id = ${request.principal.userId} and a.is_supervisor`,
  );
  return rows.length > 0;
}

const subordinateParams = z.object({ id: z.string(), agentId: z.string() });
/** A supervisor and its subordinate: two agents, both ids checked before either is read. */
const SUBORDINATE_SUMMARY = { PUT: 'Adds a subordinate', DELETE: 'Removes a subordinate' };
const MEMBER_SUMMARY = { PUT: 'Adds an agent to the team', DELETE: 'Takes an agent out of the team' };

const supervisorParams = z.object({ id: idParam(), agentId: idParam('agentId') });

/**
 * Agent and team routes beside the generic ones: the users a new agent may be, an agent's status
 * set from the console, a supervisor's subordinates and a team's members.
 */
export function registerContactCenterRoutes(app: FastifyInstance) {
  // Adding or removing a subordinate or a team member is an edit of that agent.
  const agentEdit = { class: 'cc_agent', right: 'w', recordParam: 'agentId' } as const;
  const route = signedInRoutes(app, { tag: 'agents', guard: { class: 'cc_agent', right: 'r' }, resource: 'agents' });
  const teamRoute = signedInRoutes(app, { tag: 'teams', guard: agentEdit, resource: 'agents' });

  // Users of the domain who are not agents yet (the agent form's user picker; the agent's own
  // user stays choosable through `id`).
  route(`GET ${api(AGENT_USERS_PATH)}`, 'Users who are not agents yet', {
    querystring: z.object({ q: z.string().optional(), page: z.string().optional(), size: z.string().optional() }),
    response: {
      200: z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })), next: z.boolean() }),
    },
    handler: async (request) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery({ fields: new Set(['id', 'name']), sort: new Set(['name']) }, query);
      if (isQueryError(lq)) throw queryError('agents', lq);
      const name = USER_NAME_SQL('r');
      const search = lq.q
        ? lq.prefix
          ? sql`and (lower(${sql.raw(name)}) like lower(${escapeLike(lq.q)}) || '%' or lower(r.username) like lower(${escapeLike(lq.q)}) || '%')`
          : sql`and (lower(${sql.raw(name)}) = lower(${lq.q}) or lower(r.username) = lower(${lq.q}))`
        : sql``;
      // Only users the caller may read: an agent's user goes through the reference check.
      const readable = sql.raw(readableCondition(usersDef, request.principal));
      const rows = await queryRows<{ id: number; name: string }>(
        request.server.ctx.db,
        sql`select r.id, ${sql.raw(name)} as name from users r
            where r.domain_id = ${request.principal.domainId} and ${readable}
              and not exists (select 1 from agents a where a.user_id = r.id) ${search}
            order by lower(${sql.raw(name)}), r.id limit ${lq.size + 1} offset ${(lq.page - 1) * lq.size}`,
      );
      const next = rows.length > lq.size;
      return { items: rows.slice(0, lq.size), next };
    },
  });

  // An administrator (edit right on the agent) sets online, offline or a pause whose cause allows
  // administrators; a supervisor of the agent one whose cause allows supervisors.
  route(`PUT ${api(agentStatusPath(':id'))}`, "Sets an agent's status", {
    params: idParamDoc,
    body: agentStatusInput,
    response: { 200: agentsC.def.item },
    handler: async (request) => {
      const { id } = await recordOf(request, agentsC);
      const principal = request.principal;
      const db = request.server.ctx.db;
      const body = request.body as z.output<typeof agentStatusInput>;
      const admin = await mayEdit(request, id);
      if (!admin && !(await supervises(request, id))) {
        throw keyedError(403, 'app.auth.forbidden', 'recordRight', { right: 'w', resource: 'cc_agent' });
      }
      let payload = '';
      if (body.status === 'pause') {
        if (!body.pauseCause) throw validationError('agents', [{ field: 'pauseCause', message: messages.required }]);
        // The one reference check: a cause the caller may not read is answered as one that does not exist.
        if ((await unreadableRefs(db, pauseCausesDef, [['pauseCause', body.pauseCause.id]], principal)).length)
          throw noSuchRef('agents', 'pauseCause', 'pauseCauses');
        const [cause] = await queryRows<{ name: string; allowAdmin: boolean; allowSupervisor: boolean }>(
          db,
          sql`select name, allow_admin as "allowAdmin", allow_supervisor as "allowSupervisor" from pause_causes
              where id = ${body.pauseCause.id} and domain_id = ${principal.domainId}`,
        );
        if (!cause) throw noSuchRef('agents', 'pauseCause', 'pauseCauses');
        if (!(admin ? cause.allowAdmin : cause.allowSupervisor)) {
          const params = { name: `"${cause.name}"`, who: admin ? 'an administrator' : 'a supervisor' };
          throw keyedError(403, 'app.agents.pause_cause', 'pauseCauseNotAllowed', params, [
            keyedField('pauseCause', 'pauseCauseNotAllowed', params),
          ]);
        }
        payload = cause.name;
      }
      const at = new Date().toISOString();
      const live = await db.transaction(async (tx) => {
        const agent = await lockAgent(tx, principal.domainId, { id });
        if (!agent) throw notFound(agentsC);
        return changeStatus(tx, principal.domainId, agent, { status: body.status, payload, channel: '', at });
      });
      if (live) await publish(request.server.ctx, { domainId: principal.domainId, topic: 'agents', data: live });
      return findItem(db, agentsC, principal, id);
    },
  });

  // Adding or removing a subordinate changes that agent's supervisor list: an edit of it.
  const subordinate = (method: 'PUT' | 'DELETE') =>
    route(`${method} ${api(`${agentSubordinatesPath(':id')}/:agentId`)}`, SUBORDINATE_SUMMARY[method], {
      guard: agentEdit,
      params: supervisorParams,
      response: { 200: agentsC.def.item },
      handler: async (request) => {
        const { id: supervisorId, row: supervisor } = await recordOf(request, agentsC);
        const { id: agentId, row: agent } = await recordOf(request, agentsC, { param: 'agentId' });
        const _principal = request.principal;
        const _db = request.server.ctx.db;
        if (supervisorId === agentId) {
          throw keyedError(400, 'app.agents.validation', 'selfSupervisor', {}, [
            keyedField('agentId', 'selfSupervisor'),
          ]);
        }
        if (method === 'PUT' && !supervisor.isSupervisor) {
          const p = { name: `"${supervisor.name}"` };
          throw keyedError(400, 'app.agents.validation', 'notSupervisor', p, [keyedField('id', 'notSupervisor', p)]);
        }
        const ids = refIds(agent.supervisor);
        const wanted = method === 'PUT' ? [...new Set([...ids, supervisorId])] : ids.filter((s) => s !== supervisorId);
        if (wanted.length === ids.length && method === 'DELETE') throw notFound(agentsC);
        if (wanted.length === ids.length) return agent;
        // The agents' binding writes the supervisor's entry with the agent's (see `logParents`).
        return updateItem(agentsC, caller(request), agentId, { supervisor: wanted.map((s) => ({ id: s })) }, 'patch');
      },
    });
  subordinate('PUT');
  subordinate('DELETE');

  // A team's members: adding sets the agent's team (moving it from its old one in the same
  // transaction); removing clears it. Either is an edit of the agent.
  const member = (method: 'PUT' | 'DELETE') =>
    teamRoute(`${method} ${api(`${teamMembersPath(':id')}/:agentId`)}`, MEMBER_SUMMARY[method], {
      params: subordinateParams,
      response: { 200: agentsC.def.item },
      handler: async (request) => {
        const teamId = paramId(request, 'teams');
        const agentId = paramId(request, 'agents', 'agentId');
        const principal = request.principal;
        const db = request.server.ctx.db;
        // A team the caller may not read is answered as one that does not exist.
        if ((await unreadableRefs(db, teamsDef, [['id', teamId]], principal)).length)
          throw keyedError(404, 'app.teams.not_found', 'notFound', { resource: 'teams' });
        const agent = await findItem(db, agentsC, principal, agentId);
        if (!agent) throw notFound(agentsC);
        const current = (agent.team as { id: number } | null)?.id ?? null;
        if (method === 'DELETE' && current !== teamId) throw notFound(agentsC);
        const nextTeam = method === 'PUT' ? { id: teamId } : null;
        if (method === 'PUT' && current === teamId) return agent;
        // The agents' binding writes the teams' entries with the agent's (see `logParents`).
        return updateItem(agentsC, caller(request), agentId, { team: nextTeam }, 'patch');
      },
    });
  member('PUT');
  member('DELETE');
}
