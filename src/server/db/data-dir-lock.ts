/**
 * One process at a time on a PGlite data folder. PGlite keeps its database in the memory of
 * the process that opened it and writes the folder back from there: a second process (a
 * `npm run seed` or `npm run purge` while `npm start` runs) opens the folder as it was on
 * disk, and the two then overwrite each other's changes without an error. The caches that
 * rely on hearing every change of the database (site data, sessions) also assume the one
 * process. So the folder gets a lock file beside it (`<folder>.lock`, holding the pid),
 * made atomically, removed on close and at exit.
 *
 * A lock whose process is gone (a crash, a kill -9) is taken over. A pid file rather than
 * a lock refreshed on a timer (as proper-lockfile does): a long statement, such as an index
 * built over a million members, blocks PGlite's thread for longer than any refresh period,
 * and the lock would be lost while its holder is alive.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

/** The error of a folder another live process holds; its message says what to do. */
export class DataDirInUse extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: number,
  ) {
    super(
      `The embedded database ${lockPath.replace(/\.lock$/, '')} is open in process ${holder} ` +
        `(a running npm start or npm run serve?). Stop that process first, or use a PostgreSQL ` +
        `server (DATABASE_URL), which several processes can share. If no such process runs, ` +
        `delete ${lockPath}.`,
    );
    this.name = 'DataDirInUse';
  }
}

/** The lock files this process holds (a pid of ours in a file not in here is a dead process's). */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of a data folder, or throws DataDirInUse. Answers the release (also run
 * at the process's exit; a second call does nothing).
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${resolve(dataDir)}.lock`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(lockPath);
      const ours = holder === process.pid && held.has(lockPath);
      if (holder !== null && (ours || (holder !== process.pid && isAlive(holder)))) {
        throw new DataDirInUse(lockPath, holder);
      }
      if (attempt === 3) throw error;
      // Left by a process that is gone (or half-written): take it over.
      try {
        unlinkSync(lockPath);
      } catch {
        // Another process took it over first: the next attempt sees whose it is.
      }
    }
  }
  held.add(lockPath);
  const release = () => {
    if (!held.delete(lockPath)) return;
    process.off('exit', release);
    try {
      if (holderOf(lockPath) === process.pid) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}
