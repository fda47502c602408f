import { guardingRight, itemParamOf, type Right } from '@switchboard/model';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bulkOf, doc, idParam, listAnswerDoc, listQueryDoc, paramId, sentBody } from '../../core/route.js';
import { type SignedInGuard, type SignedInRequest, signedInRoute } from '../../core/signed-in.js';
import { runStatement, Statement } from '../../db/sql.js';
import { type Compiled, compile } from './compile.js';
import { exportRows, sendCsv } from './export.js';
import { filterConditions, filterDocs } from './filters.js';
import { isQueryError, parseListQuery, queryError } from './list-query.js';
import { linkOf, type ParentLink, parentOf } from './nested.js';
import {
  createItem,
  createItems,
  deleteItems,
  findItem,
  listItems,
  notFound,
  patchItems,
  registerCompiled,
  updateItem,
} from './ops.js';
import { registerRecordAclRoutes } from './record-acl.js';
import { registerRefTarget } from './refs.js';
import type { AnyResourceDef, ResourceBinding } from './types.js';
import { withVariantDefaults } from './variants.js';

export const NO_RECORD_PARAM = 'noRecordCheck';

/** The answer of a change or delete of several records: the ids it touched. */
const idsAnswer = z.object({ items: z.array(z.object({ id: z.number() })) });

export type ServerResource = { compiled: Compiled; register(app: FastifyInstance): void };

/**
 * The guard of a route on this resource for one right: the rule `guardingRight` states (the
 * parent's for a nested resource guarded by its parent), so the console and the server agree.
 */
export function guardOf(c: Compiled, right: Right): SignedInGuard {
  const g = guardingRight(c.def, right);
  // Every signed-in user of the domain holds every right (communications, skills, flows).
  if (c.def.fullAccess || g.fullAccess) return 'authenticated';
  if (g.objClass) {
    const guard: SignedInGuard = { class: g.objClass, right: g.right };
    // A param name no path has: the guard then checks only the class right. A nested resource's
    // parent record right is checked by the route, after the parent is known to exist.
    if (c.def.parent || c.recordClass === null) guard.recordParam = NO_RECORD_PARAM;
    return guard;
  }
  const permission = c.binding.permission ?? g.permission;
  if (!permission) throw new Error(`${c.def.name}: a resource without a class needs a permission guard`);
  return { permission };
}

export const callerOf = (request: SignedInRequest) => ({
  app: request.server.ctx,
  principal: request.principal,
  request,
});

/** Of `ids`, those that hang under this parent record. */
async function childrenOf(request: SignedInRequest, c: Compiled, link: ParentLink, parentId: number, ids: number[]) {
  const st = new Statement();
  st.text = `select t.id from ${c.table} t where t.domain_id = ${st.param(request.principal.domainId)} and ${st.embed(link.condition(parentId))} and t.id in ${st.list(ids)}`;
  if (c.binding.scope) st.text += ` and ${st.embed(c.binding.scope)}`;
  const rows = await runStatement<{ id: number }>(request.server.ctx.db, st);
  return rows.map((r) => r.id);
}

/**
 * Serves a model resource: list, read, create, update, patch, delete (one or many) as its `ops`
 * allow, and the record ACL routes where it has per-record permissions.
 */
export function defineServerResource(def: AnyResourceDef, binding: ResourceBinding): ServerResource {
  const c = compile(def, binding);
  registerCompiled(c);
  registerRefTarget(def.name, { table: binding.table, label: binding.refLabel });
  const createSchema = def.createInput ?? def.input;
  const patchSchema = def.input.partial();
  const url = `/api${def.path}`;
  const itemParam = itemParamOf(def);
  const itemUrl = `${url}/:${itemParam}`;
  const tag = def.name;
  const item = def.item as z.ZodObject;
  const link = linkOf(c);
  const params = link ? z.object({ [link.param]: z.string() }) : undefined;
  const itemParams = (params ?? z.object({})).extend({ [itemParam]: idParam(itemParam).describe('Record id') });
  /** The guard of a route for one right; its validation errors name this resource. */
  const config = (right: Right) => ({ guard: guardOf(c, right), resource: def.name });
  /** The parent id of a nested route (checked), or null for a top-level resource. */
  const parentId = (request: SignedInRequest, right: Right) => (link ? parentOf(c, link, request, right) : null);
  /** The record of the path, which must hang under the parent of the path. */
  const recordId = async (request: SignedInRequest, right: Right) => {
    const parent = await parentId(request, right);
    const id = paramId(request, def.name, itemParam);
    if (link && parent !== null && !(await childrenOf(request, c, link, parent, [id])).length) throw notFound(c);
    return id;
  };

  /** The conditions of a list beyond the standard query: its parent record and its own filters. */
  const scopeOf = (parent: number | null, query: Record<string, unknown>): SQL[] => {
    const declared = filterConditions(c.filters, query);
    if (!Array.isArray(declared)) throw queryError(def.name, declared);
    const own = binding.listFilters?.(query);
    if (own !== undefined && !Array.isArray(own)) throw queryError(def.name, own);
    if (own?.length) declared.push(...own);
    return link && parent !== null ? [link.condition(parent), ...declared] : declared;
  };

  const viewerFields: ReadonlySet<string> = new Set(def.viewerFields ?? []);

  /** A record answered, with the fields the binding computes for the viewer. */
  const decorated = async (request: SignedInRequest, row: Record<string, unknown>) => {
    await binding.decorate?.(request.server.ctx.db, request.principal, [row]);
    return row;
  };

  return {
    compiled: c,
    register(app) {
      // References resolve now that every resource is defined: a bad declaration stops start-up.
      void c.selectItem;
      signedInRoute(app, {
        method: 'GET',
        url,
        config: config('r'),
        schema: doc(tag, `List ${def.name}`, {
          params,
          querystring: listQueryDoc.extend({ ...filterDocs(def), ...binding.filtersDoc?.shape }),
          response: {
            200: binding.listAggs ? listAnswerDoc(item).extend({ aggs: binding.listAggs.doc }) : listAnswerDoc(item),
          },
        }),
        handler: async (request) => {
          // A top-level resource has no parent to wait for (the users list: the console's hot path).
          const parent = link ? await parentId(request, 'r') : null;
          const query = request.query as Record<string, unknown>;
          const lq = parseListQuery(c.listSpec, query, request.server.ctx.config.listMaxPageSize);
          if (isQueryError(lq)) throw queryError(def.name, lq);
          const db = request.server.ctx.db;
          // A projection (`fields`) answers only what it names, the fields computed for the viewer
          // included: those are no columns, decorate adds them after the read.
          const asked = lq.fields?.filter((f) => viewerFields.has(f)) ?? null;
          if (lq.fields) lq.fields = lq.fields.filter((f) => !viewerFields.has(f));
          const answer = await listItems(db, c, request.principal, lq, scopeOf(parent, query));
          if (!asked || asked.length) {
            await binding.decorate?.(db, request.principal, answer.items);
            if (asked) {
              for (const row of answer.items) for (const f of viewerFields) if (!asked.includes(f)) delete row[f];
            }
          }
          if (!binding.listAggs) return answer;
          return { ...answer, aggs: await binding.listAggs.read(db, parent, request.principal) };
        },
      });

      const exported = def.export;
      if (exported) {
        signedInRoute(app, {
          method: 'GET',
          url: `${url}/export.csv`,
          config: config('r'),
          schema: doc(tag, `${def.name} as CSV (${exported.join(', ')}), with the list's search, sort and filters`, {
            params,
            querystring: listQueryDoc
              .pick({ q: true, sort: true, id: true })
              .extend({ ...filterDocs(def), ...binding.filtersDoc?.shape }),
          }),
          handler: async (request, reply) => {
            const parent = await parentId(request, 'r');
            const query = request.query as Record<string, unknown>;
            const lq = parseListQuery(c.listSpec, { q: query.q, sort: query.sort, id: query.id });
            if (isQueryError(lq)) throw queryError(def.name, lq);
            const rows = exportRows(request.server.ctx.db, c, request.principal, lq, scopeOf(parent, query), exported);
            return sendCsv(reply, `${def.name}.csv`, exported, rows);
          },
        });
      }

      signedInRoute(app, {
        method: 'GET',
        url: itemUrl,
        config: config('r'),
        schema: doc(tag, `Read one ${def.name} record`, { params: itemParams, response: { 200: item } }),
        handler: async (request) => {
          const id = await recordId(request, 'r');
          const found = await findItem(request.server.ctx.db, c, request.principal, id);
          if (!found) throw notFound(c);
          return decorated(request, found);
        },
      });

      if (def.ops.create) {
        signedInRoute(app, {
          method: 'POST',
          url,
          config: config('x'),
          schema: doc(
            tag,
            `Create a ${def.name} record${def.ops.bulkCreate ? ' (an array: every record or none)' : ''}`,
            {
              params,
              body: def.ops.bulkCreate ? z.union([createSchema, bulkOf(createSchema)]) : createSchema,
              response: {
                201: def.ops.bulkCreate ? z.union([item, z.object({ items: z.array(item) })]) : (def.created ?? item),
              },
            },
          ),
          handler: async (request, reply) => {
            const parent = await parentId(request, 'x');
            const withParent = (body: Record<string, unknown>) => {
              if (link?.key && parent !== null) body[link.key] = parent;
              return body;
            };
            if (def.ops.bulkCreate && Array.isArray(request.body)) {
              const sent = sentBody(request.body) as unknown[];
              const bodies = (request.body as Record<string, unknown>[]).map((body, i) =>
                withParent(withVariantDefaults(def, sent[i], body)),
              );
              const items = await createItems(c, callerOf(request), bodies);
              return reply.status(201).send({ items });
            }
            const body = request.body as Record<string, unknown>;
            // A new record takes its variant's defaults for what the request left out.
            withVariantDefaults(def, sentBody(body), body);
            const created = binding.create
              ? await binding.create(request, body, parent)
              : await createItem(c, callerOf(request), withParent(body));
            return reply.status(201).send(await decorated(request, created as Record<string, unknown>));
          },
        });
      }

      if (def.ops.update) {
        signedInRoute(app, {
          method: 'PUT',
          url: itemUrl,
          config: config('w'),
          schema: doc(tag, `Replace a ${def.name} record`, {
            params: itemParams,
            body: def.input,
            response: { 200: item },
          }),
          handler: async (request) => {
            const id = await recordId(request, 'w');
            const body = request.body as Record<string, unknown>;
            // A PUT is the whole record: what it leaves out takes its variant's defaults, as on create.
            withVariantDefaults(def, sentBody(body), body);
            return decorated(request, await updateItem(c, callerOf(request), id, body, 'update'));
          },
        });
      }

      if (def.ops.patch) {
        signedInRoute(app, {
          method: 'PATCH',
          url: itemUrl,
          config: config('w'),
          schema: doc(tag, `Change fields of a ${def.name} record`, {
            params: itemParams,
            body: patchSchema,
            response: { 200: item },
          }),
          handler: async (request) => {
            const id = await recordId(request, 'w');
            // Only the fields sent (the validator drops the defaults .partial() fills).
            const body = request.body as Record<string, unknown>;
            return decorated(request, await updateItem(c, callerOf(request), id, body, 'patch'));
          },
        });
      }

      const bulkFields = def.ops.bulkPatch ?? [];
      if (bulkFields.length) {
        const bulkSchema = (def.input as z.ZodObject)
          .pick(Object.fromEntries(bulkFields.map((f) => [f, true])) as Record<string, true> & Record<number, never>)
          .partial();
        signedInRoute(app, {
          method: 'PATCH',
          url,
          config: config('w'),
          schema: doc(tag, `Change ${bulkFields.join(', ')} of several ${def.name} records (?id=1&id=2)`, {
            params,
            querystring: listQueryDoc.pick({ id: true }),
            body: bulkSchema,
            response: { 200: idsAnswer },
          }),
          handler: async (request) => {
            const parent = await parentId(request, 'w');
            const lq = parseListQuery(c.listSpec, { id: (request.query as Record<string, unknown>).id });
            if (isQueryError(lq)) throw queryError(def.name, lq);
            if (!lq.ids) throw queryError(def.name, { field: 'id', message: 'This field is required' });
            const body = request.body as Record<string, unknown>;
            if (!Object.keys(body).length) {
              throw queryError(def.name, { field: bulkFields[0], message: 'This field is required' });
            }
            // Under a parent, an id of another parent's record is left alone.
            const ids = link && parent !== null ? await childrenOf(request, c, link, parent, lq.ids) : lq.ids;
            const changed = ids.length ? await patchItems(c, callerOf(request), ids, body) : [];
            return { items: changed.map((d) => ({ id: d.id })) };
          },
        });
      }

      if (def.ops.delete) {
        signedInRoute(app, {
          method: 'DELETE',
          url: itemUrl,
          config: config('d'),
          schema: doc(tag, `Delete a ${def.name} record`, { params: itemParams, response: { 200: item } }),
          handler: async (request) => {
            const id = await recordId(request, 'd');
            const [deleted] = await deleteItems(c, callerOf(request), [id]);
            if (!deleted) throw notFound(c);
            return deleted;
          },
        });
        if (!binding.ownCollectionDelete)
          signedInRoute(app, {
            method: 'DELETE',
            url,
            config: config('d'),
            schema: doc(tag, `Delete several ${def.name} records (?id=1&id=2)`, {
              params,
              querystring: listQueryDoc.pick({ id: true }),
              response: { 200: idsAnswer },
            }),
            handler: async (request) => {
              const parent = await parentId(request, 'd');
              const lq = parseListQuery(c.listSpec, { id: (request.query as Record<string, unknown>).id });
              if (isQueryError(lq)) throw queryError(def.name, lq);
              if (!lq.ids) throw queryError(def.name, { field: 'id', message: 'This field is required' });
              // Under a parent, an id of another parent's record is left alone.
              const ids = link && parent !== null ? await childrenOf(request, c, link, parent, lq.ids) : lq.ids;
              const deleted = ids.length ? await deleteItems(c, callerOf(request), ids) : [];
              return { items: deleted.map((d) => ({ id: d.id })) };
            },
          });
      }

      if (def.recordAcl) registerRecordAclRoutes(app, c);
    },
  };
}
