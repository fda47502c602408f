import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Names of what the servers shared across a run's files leave behind (harness.ts useTestServer):
 * they live to the end of the run, so global-setup.ts removes them when the run ends.
 */
export const sharedNames = (runId: string) => ({
  database: `sb_shared_${runId}_`,
  dir: `switchboard-shared-${runId}-`,
});

/** Drops the shared servers' PostgreSQL databases and removes their folders. */
export async function removeShared(runId: string): Promise<void> {
  const { database, dir } = sharedNames(runId);
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith(dir)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
  if (!process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [database],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
