import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';

/**
 * Names of what the servers shared across a run's files leave behind (harness.ts useTestServer):
 * they live to the end of the run, so global-setup.ts removes them when the run ends.
 */
export const sharedNames = (runId: string) => ({
  database: `sb_shared_${runId}_`,
  dir: `switchboard-shared-${runId}-`,
});

/** The run's migrated, empty PostgreSQL database that test databases are copied from. */
export const templateName = (runId: string) => `${sharedNames(runId).database}template`;

/** A PostgreSQL URL naming another database of the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Makes the run's template (templateName) from TEST_DATABASE_URL: created and migrated once, so
 * that each test database is a copy (`create database … template`, a file copy) instead of a run
 * of every migration. Closed before any copy: PostgreSQL copies only a database nobody is in.
 * removeShared drops it with the rest.
 */
export async function makePostgresTemplate(runId: string): Promise<string> {
  const name = templateName(runId);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const database = await openDatabase({
    dataDir: '',
    databaseUrl: withDatabase(process.env.TEST_DATABASE_URL ?? '', name),
  });
  await database.close();
  return name;
}

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
