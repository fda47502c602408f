import { importTemplates as importTemplatesDef, QUEUE_TYPES, QUEUE_TYPES_WITHOUT_IMPORT } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { importTemplates } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';

/** How a queue type is named in messages: `chatInbound` → "chat inbound". */
export const queueTypeName = (code: number) =>
  (QUEUE_TYPES.find((t) => t.code === code)?.key ?? String(code)).replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/** 409 (or a field error on `field`): members cannot be imported into this queue's type. */
export function refuseQueueType(queue: { name: string; type: number }, field?: string) {
  const params = { name: queue.name, type: queueTypeName(queue.type) };
  return keyedError(409, 'app.importTemplates.queue_type', 'importQueueType', params, [
    keyedField(field ?? 'source', 'importQueueType', params),
  ]);
}

/** The queue of a template (or a bulk call): its name and type, or null when not in the domain. */
export async function queueOf(db: Db, domainId: number, id: number) {
  const [queue] = await queryRows<{ id: number; name: string; type: number }>(
    db,
    sql`select id, name, type from cc_queues where id = ${id} and domain_id = ${domainId}`,
  );
  return queue ?? null;
}

/**
 * CSV import templates at /api/storage/import_templates (class import_template, record ACL). A
 * template names its queue (`source`); one of a type members cannot be imported into (inbound,
 * chat inbound) is refused, naming the type.
 */
export const importTemplatesResource = defineServerResource(importTemplatesDef, {
  table: importTemplates,
  unique: { import_templates_domain_name: 'name' },
  fields: {
    sourceQueueType: { select: '(select q.type from cc_queues q where q.id = t.source_id)' },
  },
  beforeWrite: async (body, ctx, tx) => {
    const source = body.source as { id: number } | undefined;
    if (!source) return;
    // Inside the write's transaction when there is one (PGlite has a single session).
    const queue = await queueOf(tx ?? ctx.app.db, ctx.principal.domainId, source.id);
    if (queue && QUEUE_TYPES_WITHOUT_IMPORT.includes(queue.type)) throw refuseQueueType(queue);
  },
});
