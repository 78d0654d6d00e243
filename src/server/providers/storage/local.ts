/**
 * The local storage provider: one file per key in a folder (DATA_DIR/photos), written
 * through a temporary file and a rename so a reader never sees half a photo.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidStorageKeyError, isObjectKey, type StorageProvider } from './types.ts';

function checked(key: string): string {
  if (!isObjectKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

export function createLocalStorageProvider(options: { dir: string }): StorageProvider {
  const { dir } = options;
  return {
    async put(key, bytes) {
      const path = join(dir, checked(key));
      await mkdir(dir, { recursive: true });
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(join(dir, checked(key))));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(join(dir, checked(key)), { force: true });
    },
  };
}
