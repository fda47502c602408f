import { type FlowType, messages } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { validationError } from '../engine/http.js';
import { queryRows } from '../engine/sql.js';
import type { WriteContext } from '../engine/types.js';

/** A flow reference column answered as `{id, name}` (null when unset). */
export const flowRefSql = (column: string) =>
  `(select json_build_object('id', f.id, 'name', f.name) from flows f where f.id = ${column})`;

/**
 * A gateway's flow must be a flow of the caller's domain and of the right type (a chat gateway
 * runs a chat flow, a SIP gateway's inbound flow is a voice flow). On update the check runs in
 * the write's transaction.
 */
export async function checkGatewayFlow(
  resource: string,
  field: string,
  type: FlowType,
  value: unknown,
  ctx: WriteContext,
  tx?: Db,
) {
  const id = (value as { id: number } | null)?.id;
  if (id === undefined) return;
  const [flow] = await queryRows<{ type: string }>(
    tx ?? ctx.app.db,
    sql`select type from flows where id = ${id} and domain_id = ${ctx.principal.domainId}`,
  );
  if (!flow) throw validationError(resource, [{ field, message: messages.required }]);
  if (flow.type !== type) throw validationError(resource, [{ field, message: `The flow must be of type ${type}` }]);
}
