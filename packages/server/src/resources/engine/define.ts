import type { Right } from '@switchboard/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { registerRecordAclRoutes } from '../../access/record-acl.js';
import type { Guard } from '../../http/principal.js';
import { type Compiled, compile } from './compile.js';
import {
  doc,
  idParamDoc,
  listAnswerDoc,
  listQueryDoc,
  parseBody,
  parseId,
  parsePatch,
  queryError,
  routeCompilers,
} from './http.js';
import { isQueryError, parseListQuery } from './list-query.js';
import { createItem, deleteItems, findItem, listItems, notFound, updateItem } from './ops.js';
import type { AnyResourceDef, ResourceBinding } from './types.js';

export const NO_RECORD_PARAM = 'noRecordCheck';

export type ServerResource = { compiled: Compiled; register(app: FastifyInstance): void };

/** The guard of a route on this resource for one right. */
export function guardOf(c: Compiled, right: Right): Guard {
  // Every signed-in user of the domain holds every right (communications, skills).
  if (c.def.fullAccess) return 'authenticated';
  if (c.def.objClass) {
    const guard: Guard = { class: c.def.objClass, right };
    // A param name no path has: the guard then checks only the class right.
    if (c.recordClass === null) guard.recordParam = NO_RECORD_PARAM;
    return guard;
  }
  if (!c.binding.permission) throw new Error(`${c.def.name}: a resource without a class needs a permission guard`);
  return { permission: c.binding.permission };
}

export const callerOf = (request: FastifyRequest) => ({
  app: request.server.ctx,
  principal: request.principal!,
  request,
});

/**
 * Serves a model resource: list, read, create, update, patch, delete (one or many) as its `ops`
 * allow, and the record ACL routes where it has per-record permissions.
 */
export function defineServerResource(def: AnyResourceDef, binding: ResourceBinding): ServerResource {
  const c = compile(def, binding);
  const createSchema = def.createInput ?? def.input;
  const patchSchema = def.input.partial();
  const url = `/api${def.path}`;
  const itemUrl = `${url}/:id`;
  const tag = def.name;
  const item = def.item as z.ZodObject;

  return {
    compiled: c,
    register(app) {
      app.route({
        method: 'GET',
        url,
        config: { guard: guardOf(c, 'r') },
        schema: doc(tag, `List ${def.name}`, { querystring: listQueryDoc, response: { 200: listAnswerDoc(item) } }),
        ...routeCompilers,
        handler: async (request) => {
          const query = request.query as Record<string, unknown>;
          const lq = parseListQuery(c.listSpec, query, request.server.ctx.config.listMaxPageSize);
          if (isQueryError(lq)) throw queryError(def.name, lq);
          const filters = binding.listFilters?.(query) ?? [];
          if (!Array.isArray(filters)) throw queryError(def.name, filters);
          return listItems(request.server.ctx.db, c, request.principal!, lq, filters);
        },
      });

      app.route({
        method: 'GET',
        url: itemUrl,
        config: { guard: guardOf(c, 'r') },
        schema: doc(tag, `Read one ${def.name} record`, { params: idParamDoc, response: { 200: item } }),
        ...routeCompilers,
        handler: async (request) => {
          const id = parseId(def.name, (request.params as { id: string }).id);
          const found = await findItem(request.server.ctx.db, c, request.principal!.domainId, id);
          if (!found) throw notFound(c);
          return found;
        },
      });

      if (def.ops.create) {
        app.route({
          method: 'POST',
          url,
          config: { guard: guardOf(c, 'x') },
          schema: doc(tag, `Create a ${def.name} record`, { body: createSchema, response: { 201: item } }),
          ...routeCompilers,
          handler: async (request, reply) => {
            const body = parseBody(def.name, createSchema, request.body) as Record<string, unknown>;
            const created = await createItem(c, callerOf(request), body);
            return reply.status(201).send(created);
          },
        });
      }

      if (def.ops.update) {
        app.route({
          method: 'PUT',
          url: itemUrl,
          config: { guard: guardOf(c, 'w') },
          schema: doc(tag, `Replace a ${def.name} record`, {
            params: idParamDoc,
            body: def.input,
            response: { 200: item },
          }),
          ...routeCompilers,
          handler: async (request) => {
            const id = parseId(def.name, (request.params as { id: string }).id);
            const body = parseBody(def.name, def.input, request.body) as Record<string, unknown>;
            return updateItem(c, callerOf(request), id, body, 'update');
          },
        });
      }

      if (def.ops.patch) {
        app.route({
          method: 'PATCH',
          url: itemUrl,
          config: { guard: guardOf(c, 'w') },
          schema: doc(tag, `Change fields of a ${def.name} record`, {
            params: idParamDoc,
            body: patchSchema,
            response: { 200: item },
          }),
          ...routeCompilers,
          handler: async (request) => {
            const id = parseId(def.name, (request.params as { id: string }).id);
            const body = parsePatch(def.name, patchSchema, request.body);
            return updateItem(c, callerOf(request), id, body, 'patch');
          },
        });
      }

      if (def.ops.delete) {
        app.route({
          method: 'DELETE',
          url: itemUrl,
          config: { guard: guardOf(c, 'd') },
          schema: doc(tag, `Delete a ${def.name} record`, { params: idParamDoc, response: { 200: item } }),
          ...routeCompilers,
          handler: async (request) => {
            const id = parseId(def.name, (request.params as { id: string }).id);
            const [deleted] = await deleteItems(c, callerOf(request), [id]);
            if (!deleted) throw notFound(c);
            return deleted;
          },
        });
        app.route({
          method: 'DELETE',
          url,
          config: { guard: guardOf(c, 'd') },
          schema: doc(tag, `Delete several ${def.name} records (?id=1&id=2)`, {
            querystring: listQueryDoc.pick({ id: true }),
          }),
          ...routeCompilers,
          handler: async (request) => {
            const lq = parseListQuery(c.listSpec, { id: (request.query as Record<string, unknown>).id });
            if (isQueryError(lq)) throw queryError(def.name, lq);
            if (!lq.ids) throw queryError(def.name, { field: 'id', message: 'This field is required' });
            const deleted = await deleteItems(c, callerOf(request), lq.ids);
            return { items: deleted.map((d) => ({ id: d.id })) };
          },
        });
      }

      if (def.recordAcl) registerRecordAclRoutes(app, c);
    },
  };
}
