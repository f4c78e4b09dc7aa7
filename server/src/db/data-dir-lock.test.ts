import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('lets one holder in and refuses a second while the first holds it', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    first.release();
    const again = acquireDataDirLock(dir);
    again.release();
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = tempDir();
    // A pid far above pid_max cannot be running.
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: 2 ** 30, hostname: os.hostname(), startedAt: 'earlier' }),
    );
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over a lock that names its own pid (a container restarted after kill -9)', () => {
    const dir = tempDir();
    // A container's server is pid 1 on every start: the dead holder's pid is ours again, from
    // before this process started.
    const beforeTheCrash = new Date(Date.now() - process.uptime() * 1000 - 60_000).toISOString();
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: beforeTheCrash }),
    );
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).startedAt).not.toBe(
      beforeTheCrash,
    );
    lock.release();
  });

  it('names the holder in its message', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${process.pid}`));
    first.release();
  });
});
