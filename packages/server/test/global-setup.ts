import type { TestProject } from 'vitest/node';
import { makePostgresTemplate, removeShared } from './shared.js';
import { pgliteSnapshotFile } from './snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** Set when the project runs its files in one worker: useTestServer then shares servers across files. */
    shareTestServers: string | null;
    /** The migrated database PostgreSQL test databases are copied from (TEST_DATABASE_URL set), else null. */
    postgresTemplate: string | null;
  }
}

/**
 * Makes the PGlite snapshot and the PostgreSQL template once per run, before any test file starts a
 * server; when the run ends, removes the template and the databases and folders of the servers
 * that useTestServer shared across files.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteSnapshot', await pgliteSnapshotFile());
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const shared = project.config.isolate === false;
  project.provide('shareTestServers', shared ? runId : null);
  const template = process.env.TEST_DATABASE_URL ? await makePostgresTemplate(runId) : null;
  project.provide('postgresTemplate', template);
  return async () => {
    if (shared || template) await removeShared(runId);
  };
}
