/**
 * The local storage provider: one file per key in a folder (DATA_DIR/photos), written
 * through a temporary file and a rename so a reader never sees half a photo. A disk that
 * refuses (read-only, full, no permission) fails with StorageUnavailableError.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidStorageKeyError, isObjectKey, StorageUnavailableError, type StorageProvider } from './types.ts';

function checked(key: string): string {
  if (!isObjectKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

export function createLocalStorageProvider(options: { dir: string }): StorageProvider {
  const { dir } = options;
  return {
    async put(key, bytes) {
      const path = join(dir, checked(key));
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw new StorageUnavailableError('write', error);
      }
    },
    async get(key) {
      const path = join(dir, checked(key));
      try {
        return new Uint8Array(await readFile(path));
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw new StorageUnavailableError('read', error);
      }
    },
    async delete(key) {
      const path = join(dir, checked(key));
      try {
        await rm(path, { force: true });
      } catch (error) {
        throw new StorageUnavailableError('delete', error);
      }
    },
    async *list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return;
        throw new StorageUnavailableError('list', error);
      }
      for (const name of names.sort()) {
        // Temporary files of writes under way are not objects yet.
        if (!isObjectKey(name)) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) yield { key: name, bytes: info.size, modified: info.mtime };
      }
    },
  };
}
