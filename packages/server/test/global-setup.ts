import type { TestProject } from 'vitest/node';
import { pgliteSnapshotFile } from './snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** Makes the PGlite snapshot once per run, before any test file starts a server. */
export default async function setup(project: TestProject) {
  project.provide('pgliteSnapshot', await pgliteSnapshotFile());
}
