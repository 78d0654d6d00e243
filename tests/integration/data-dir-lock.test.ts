/**
 * One process at a time on a PGlite data folder (src/server/db/data-dir-lock.ts): a second
 * opener gets a clear refusal instead of a copy that silently overwrites the first's writes.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/server/db/client.ts';
import { DataDirInUse, lockDataDir } from '#src/server/db/data-dir-lock.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flirt-lock-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A process that stays alive until killed. */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return {
    pid: child.pid ?? 0,
    stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).kill('SIGKILL')),
  };
}

describe('a PGlite data folder', () => {
  it('is refused to a second opener while open, naming the holder, and free again after close', async () => {
    // As `npm start` on a fresh clone: not even the folder above it exists yet.
    const dataDir = join(root, 'data', 'db');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const second = openDatabase({ kind: 'pglite', dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirInUse);
      await expect(second).rejects.toThrow(`open in process ${process.pid}`);
      await expect(second).rejects.toThrow('DATABASE_URL');
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  });

  it('is refused while another live process holds it, and taken over once that process is gone', async () => {
    const dataDir = join(root, 'db');
    const other = sleeper();
    await writeFile(`${dataDir}.lock`, `${other.pid}\n`);
    try {
      expect(() => lockDataDir(dataDir)).toThrow(DataDirInUse);
      expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(`${other.pid}\n`);
    } finally {
      await other.stop();
    }
    const release = lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    release();
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('takes over a lock left with this process id by an earlier process (a container restart)', async () => {
    const dataDir = join(root, 'db');
    await writeFile(`${dataDir}.lock`, `${process.pid}\n`);
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUse);
    release();
  });
});
