import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Claims the next run of a scheduled job across every API node: the first node to move the job's
 * `run_at` past now wins; the others see no row and skip. Answers whether this node runs it.
 */
export async function claimRun(db: Db, name: string, everySeconds: number): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into job_claims (name, run_at) values (${name}, now() + make_interval(secs => ${everySeconds}))
    on conflict (name) do update set run_at = excluded.run_at where job_claims.run_at <= now()
    returning name`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
