import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../src/db/client.js';

/** The admin password of every test database's first domain. */
export const TEST_ADMIN_PASSWORD = 'Admin-test-password-1';

/** A key that changes whenever the migrations change, so a stale snapshot is never reused. */
function migrationsKey(): string {
  const dir = migrationsFolder();
  const hash = createHash('sha256');
  for (const f of fs.readdirSync(dir).sort()) {
    if (f.endsWith('.sql')) hash.update(f).update(fs.readFileSync(path.join(dir, f)));
  }
  hash.update(fs.readFileSync(path.join(dir, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data folder as a tarball. A new PGlite runs initdb (seconds and much
 * memory); loading this is much cheaper, so it is made once and cached in the temp folder.
 */
export async function pgliteSnapshotFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `switchboard-pglite-${migrationsKey()}.tar`);
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
    const dump = await client.dumpDataDir('none');
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await client.close();
  }
  return file;
}
