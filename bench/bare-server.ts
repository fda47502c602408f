import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from '../packages/server/src/db/lock.js';

/**
 * The ceiling: a plain node:http server answering one fixed SQL statement with the same database
 * driver as the API server, without Fastify, validation, guard or serialiser.
 * argv: JSON {port, dataDir?, databaseUrl?, text, params}
 */
type Spec = { port: number; dataDir?: string; databaseUrl?: string; text: string; params: unknown[] };
const spec = JSON.parse(process.argv[2]) as Spec;

async function openRunner(): Promise<{ run: () => Promise<unknown[]>; close: () => Promise<void> }> {
  if (spec.databaseUrl) {
    const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: 10 });
    return {
      run: async () => (await pool.query(spec.text, spec.params)).rows,
      close: () => pool.end(),
    };
  }
  const release = await acquireDataDirLock(spec.dataDir ?? '');
  const client = await PGlite.create({ dataDir: `${spec.dataDir}/pgdata` });
  return {
    run: async () => (await client.query(spec.text, spec.params)).rows,
    close: async () => {
      await client.close();
      release();
    },
  };
}

const runner = await openRunner();
const server = http.createServer((_req, res) => {
  runner.run().then(
    (rows) => {
      const next = rows.length > 10;
      if (next) rows.length = 10;
      const body = JSON.stringify({ items: rows, next });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    (error: Error) => {
      res.writeHead(500);
      res.end(error.message);
    },
  );
});
server.listen(spec.port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.close();
  void runner.close().then(() => process.exit(0));
});
