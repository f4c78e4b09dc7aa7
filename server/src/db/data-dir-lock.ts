import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is one process only: two processes on one data directory both "succeed" and one of them
 * silently loses its commits. Every process that opens the embedded database (server, migrate,
 * scripts) first takes this lock, a file holding the owner's pid, created atomically.
 */
export const LOCK_FILE_NAME = 'larkspur.lock';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

type LockInfo = { pid: number; hostname: string; startedAt: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockInfo>;
    return typeof parsed.pid === 'number' ? (parsed as LockInfo) : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const info: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };

  // Two attempts: the second only after moving a stale lock aside. Moving (rename) rather than
  // deleting keeps two processes that both saw the stale lock from both winning.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const current = readLock(file);
          if (current?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(file);
    const sameHost = holder === null || holder.hostname === os.hostname();
    // Our own pid, written before this process even started, is a process killed before it could
    // release the lock, whose pid we were given again. In a container that is the rule, not bad
    // luck: the server is pid 1 on every start, under the same hostname. (Written after our start,
    // it is this very process holding the lock already.)
    const reusedPid =
      holder !== null &&
      sameHost &&
      holder.pid === process.pid &&
      Date.parse(holder.startedAt) < Date.now() - process.uptime() * 1000;
    if (holder !== null && !reusedPid && (!sameHost || isAlive(holder.pid))) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another Larkspur process (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}). ` +
          `Only one process may open the embedded database at a time: stop that process, or point DATA_DIR elsewhere. ` +
          `If you are sure no such process is running, delete ${file}.`,
      );
    }
    try {
      fs.renameSync(file, `${file}.stale-${process.pid}`);
      fs.rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${dataDir}: another process is starting on it.`,
  );
}
