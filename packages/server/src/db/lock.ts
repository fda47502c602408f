import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Holds `<dataDir>/switchboard.lock` (our pid inside) so that a second process cannot open the
 * same embedded database: PGlite has no lock of its own and a second writer silently loses data.
 * A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'switchboard.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Switchboard process (pid ${pid}, lock file ${file}). ` +
          'Stop that process first: the embedded database can be opened by one process at a time. ' +
          'To run several servers on the same data, use PostgreSQL (DATABASE_URL).',
      );
    }
    // The holder is gone: take the stale lock over.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock file ${file}`);
}
