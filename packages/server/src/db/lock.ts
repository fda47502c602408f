import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * The lock of a data folder: a Unix socket in Linux's abstract namespace named after the folder.
 * The kernel frees it the moment its process ends (kill -9 included, and before the process is
 * reaped), so there is no stale lock to judge by a pid: a server that is PID 1 in a container, or
 * restarted while the old one is still a zombie, takes it at once. Elsewhere (no abstract
 * namespace) the socket is a file in the folder, taken over when nobody answers on it.
 */
function lockAddress(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  if (process.platform === 'linux') {
    return `\0switchboard-lock-${createHash('sha256').update(real).digest('hex').slice(0, 32)}`;
  }
  return path.join(real, 'switchboard.lock');
}

const listen = (server: net.Server, address: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Asks the holder for its pid; null when nobody answers (a stale socket file). */
const holderPid = (address: string) =>
  new Promise<number | null>((resolve) => {
    const socket = net.connect(address);
    const done = (pid: number | null) => {
      socket.destroy();
      resolve(pid);
    };
    let text = '';
    socket.setTimeout(2000, () => done(0));
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('end', () => done(Number(text) || 0));
    socket.on('error', () => done(null));
  });

/**
 * Holds the data folder so that a second process cannot open the same embedded database: PGlite
 * has no lock of its own and a second writer silently loses data. Answers the release function.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  for (let attempt = 0; attempt < 20; attempt++) {
    // A holder answers whoever knocks with its pid, for the message of the one refused.
    const server = net.createServer((socket) => socket.end(String(process.pid)));
    try {
      await listen(server, address);
      server.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        server.close();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
    const pid = await holderPid(address);
    if (pid !== null) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Switchboard process${pid ? ` (pid ${pid})` : ''}. ` +
          'Stop that process first: the embedded database can be opened by one process at a time. ' +
          'To run several servers on the same data, use PostgreSQL (DATABASE_URL).',
      );
    }
    // Nobody answers: the holder is gone or going (a socket file left behind, or a process the
    // kernel is still tearing down). Clear a file and try again shortly.
    if (!address.startsWith('\0')) fs.rmSync(address, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new DataDirLockedError(`Could not take the lock of the data folder ${dataDir}`);
}
