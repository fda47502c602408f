import { type FlowType, messages } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { HttpError } from '../../../http/errors.js';
import { queryRows } from '../../engine/sql.js';
import type { FieldBinding, WriteContext } from '../../engine/types.js';

/** The flow a rule runs, answered as `{id, name}`. */
export const FLOW_REF_SQL = `(select json_build_object('id', f.id, 'name', f.name) from flows f where f.id = t.flow_id)`;

const refused = (name: string, message: string) =>
  new HttpError(400, `app.${name}.validation`, `schema: ${message}`, [{ field: 'schema', message }]);

/**
 * Dialplan rules and chat plans refer to a flow of the caller's domain and of one type (a
 * dialplan rule runs a voice flow, a chat plan a chat flow). On update the check runs in the
 * write's transaction, after the item was found (another domain's item answers 404 first).
 */
export function checkFlowRef(resource: string, type: FlowType) {
  return async (body: Record<string, unknown>, ctx: WriteContext, tx?: Db) => {
    if (!('schema' in body)) return;
    const id = (body.schema as { id: number }).id;
    const [flow] = await queryRows<{ type: string }>(
      tx ?? ctx.app.db,
      sql`select type from flows where id = ${id} and domain_id = ${ctx.principal.domainId}`,
    );
    if (!flow) throw refused(resource, messages.required);
    if (flow.type !== type) throw refused(resource, `The flow must be of type ${type}`);
  };
}

/** The `schema` field: answered as `{id, name}`, stored as the flow id. */
export const flowRefBinding: FieldBinding = {
  select: FLOW_REF_SQL,
  write: (value, row) => {
    row.flowId = (value as { id: number }).id;
  },
};
