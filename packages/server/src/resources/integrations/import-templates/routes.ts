import {
  agents as agentsDef,
  BULK_ADDED,
  buckets as bucketsDef,
  bulkMembersAnswer,
  bulkMembersInput,
  communicationTypes as communicationTypesDef,
  importItem,
  importTemplateParameters,
  importTemplateRun,
  isTimezone,
  type MemberImportOptions,
  messages,
  QUEUE_TYPES_WITHOUT_IMPORT,
  queues as queuesDef,
  resources as resourcesDef,
  TIMEZONE_UNKNOWN,
} from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { classAllows, recordAllows, recordChecksOn } from '../../../access/rights.js';
import { writeChangeRaw } from '../../../changelog/writer.js';
import { keyedError } from '../../../core/errors.js';
import { doc, paramId, parseBody, validationError } from '../../../core/route.js';
import { type SignedInRequest, signedInRoute } from '../../../core/signed-in.js';
import { rawTransaction } from '../../../db/raw.js';
import { recordOf } from '../../engine/record-of.js';
import { refError, unreadableRefs } from '../../engine/refs.js';
import { addUploadRoute, queueImport, receiveFile } from '../../imports/routes.js';
import { importTemplatesResource, queueOf, refuseQueueType } from './import-templates.js';
import { defaultExpiry, MEMBER_IMPORT, parseExpiry, textArray } from './member-import.js';

const tag = 'importTemplates';

/**
 * The queue members go into: in the caller's domain (404), writable by the caller (class `w` on
 * cc_queue and, under rbac, the record's `w`: 403), of a type that takes imports (409).
 */
async function writableQueue(request: SignedInRequest, id: number, field?: string) {
  const principal = request.principal;
  const ctx = request.server.ctx;
  if (!classAllows(principal, 'cc_queue', 'w'))
    throw keyedError(403, 'app.auth.forbidden', 'classRight', { right: 'w', resource: 'cc_queue' });
  const queue = await queueOf(ctx.db, principal.domainId, id);
  if (!queue) throw keyedError(404, 'app.queues.not_found', 'notFound', { resource: 'queue' });
  if (recordChecksOn(principal, 'cc_queue') && !(await recordAllows(ctx, principal, 'cc_queue', id, 'w')))
    throw keyedError(403, 'app.auth.forbidden', 'recordRight', { right: 'w', resource: 'queue' });
  if (QUEUE_TYPES_WITHOUT_IMPORT.includes(queue.type)) throw refuseQueueType(queue, field);
  return queue;
}

/** `POST /storage/import_templates/{id}/import`: a file into the template's queue, as an import. */
function registerRun(scope: FastifyInstance) {
  signedInRoute(scope, {
    method: 'POST',
    url: '/api/storage/import_templates/:id/import',
    config: { guard: { class: 'import_template', right: 'r', recordParam: 'id' }, resource: tag },
    schema: doc(
      tag,
      "Import a CSV file into the template's queue (multipart: file; mode all|skip|dry; duplicates skip|update|allow). Progress as for every import: GET /imports/{id}, live topic imports",
      { params: z.object({ id: z.string() }), response: { 202: importItem } },
    ),
    handler: async (request, reply) => {
      const { id, row: template } = await recordOf(request, importTemplatesResource.compiled);
      const source = template.source as { id: number };
      const queue = await writableQueue(request, source.id);
      const { fields, file, drop } = await receiveFile(request, reply, tag);
      try {
        if (!file) throw validationError(tag, [{ field: 'file', message: messages.required }]);
        const run = parseBody(tag, importTemplateRun, fields);
        // A template saved before a rule changed is checked again as it is now.
        const parameters = parseBody(tag, importTemplateParameters, template.parameters);
        const options: MemberImportOptions = {
          templateId: id,
          queueId: queue.id,
          duplicates: run.duplicates,
          clearMembers: parameters.clearMembers,
          mappings: parameters.mappings,
        };
        const item = await queueImport(request, file, {
          resource: MEMBER_IMPORT,
          parentId: queue.id,
          mode: run.mode,
          charset: parameters.charset,
          separator: parameters.separator,
          header: parameters.skipHeaders,
          options,
        });
        return reply.status(202).send(item);
      } catch (error) {
        await drop();
        throw error;
      }
    },
  });
}

addUploadRoute(registerRun);

/** Rows of a bulk call per COPY. */
const BULK_CHUNK = 5_000;

/**
 * `POST /call_center/queues/{queueId}/members/bulk {items, fileName}`: members as JSON, all or
 * nothing. Each item is checked as an imported row is (communication types, buckets, agents,
 * time zones, at most 20 communications); any problem refuses the whole call (400 naming
 * `items.N.field`). Loaded with COPY in chunks of 5,000 in one transaction.
 */
export function registerImportTemplateRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'POST',
    url: '/api/call_center/queues/:queueId/members/bulk',
    config: { guard: 'authenticated', resource: 'queues' },
    schema: doc('queues', 'Add members in bulk (all or nothing); answers "Successfully added"', {
      params: z.object({ queueId: z.string() }),
      body: bulkMembersInput,
      response: { 201: bulkMembersAnswer },
    }),
    handler: async (request, reply) => {
      const queueId = paramId(request, 'queues', 'queueId');
      const principal = request.principal;
      const queue = await writableQueue(request, queueId, 'queueId');
      const body = request.body as z.output<typeof bulkMembersInput>;
      const ctx = request.server.ctx;
      const problems: { field: string; message: string }[] = [];
      const refs = {
        types: [] as [string, number][],
        buckets: [] as [string, number][],
        agents: [] as [string, number][],
        resources: [] as [string, number][],
      };
      const expiry = defaultExpiry();
      const rows = body.items.map((item, i) => {
        const at = `items.${i}`;
        if (item.bucket) refs.buckets.push([`${at}.bucket`, item.bucket.id]);
        if (item.agent) refs.agents.push([`${at}.agent`, item.agent.id]);
        if (item.timezone && !isTimezone(item.timezone.name))
          problems.push({ field: `${at}.timezone`, message: TIMEZONE_UNKNOWN });
        let expireAt = expiry;
        if (item.expireAt) {
          const parsed = parseExpiry(item.expireAt);
          if (parsed) expireAt = parsed;
          else problems.push({ field: `${at}.expireAt`, message: messages.date });
        }
        item.communications.forEach((c, j) => {
          refs.types.push([`${at}.communications.${j}.type`, c.type.id]);
          if (c.resource) refs.resources.push([`${at}.communications.${j}.resource`, c.resource.id]);
        });
        return [
          String(principal.domainId),
          String(queue.id),
          item.name,
          String(item.priority),
          item.bucket ? String(item.bucket.id) : null,
          item.timezone?.name ?? null,
          JSON.stringify(item.communications),
          textArray(item.communications.map((c) => c.destination)),
          JSON.stringify(item.variables),
          expireAt,
          item.agent ? String(item.agent.id) : null,
        ];
      });
      if (problems.length) throw validationError('queues', problems.slice(0, 100));
      // Every reference through the one check: missing, of another domain or unreadable alike.
      const refused = [
        ...(await unreadableRefs(ctx.db, communicationTypesDef, refs.types, principal)),
        ...(await unreadableRefs(ctx.db, bucketsDef, refs.buckets, principal)),
        ...(await unreadableRefs(ctx.db, agentsDef, refs.agents, principal)),
        ...(await unreadableRefs(ctx.db, resourcesDef, refs.resources, principal)),
      ];
      if (refused.length) throw refError('queues', refused.slice(0, 100));
      const columns = [
        'domain_id',
        'queue_id',
        'name',
        'priority',
        'bucket_id',
        'timezone',
        'communications',
        'destinations',
        'variables',
        'expire_at',
        'agent_id',
      ];
      await rawTransaction(ctx.raw!, async (tx) => {
        for (let i = 0; i < rows.length; i += BULK_CHUNK)
          await tx.copy('cc_queue_members', columns, rows.slice(i, i + BULK_CHUNK));
        // One entry on the queue for the whole call, committed with the members.
        await writeChangeRaw(tx, {
          domainId: principal.domainId,
          object: queuesDef.logObject as string,
          action: 'update',
          userId: principal.userId,
          userIp: request.ip,
          recordId: queue.id,
          newState: { bulk: { action: 'add', fileName: body.fileName, count: rows.length } },
        });
      });
      return reply.status(201).send({ added: rows.length, message: BULK_ADDED });
    },
  });
}
