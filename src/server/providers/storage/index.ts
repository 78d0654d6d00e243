/**
 * The storage provider of a configuration (STORAGE): local files under DATA_DIR/photos, or
 * an S3-compatible bucket (docs/operations.md "Photo storage"). The AWS SDK (./s3.ts) loads
 * only with STORAGE=s3, in the background as the provider is made: a process on local files
 * never holds it (docs/operations.md "Memory of a process").
 */
import { join } from 'node:path';
import type { Config } from '#src/server/env.ts';
import { createLocalStorageProvider } from './local.ts';
import type { S3StorageConfig } from './s3.ts';
import type { StorageProvider } from './types.ts';

export type { StorageProvider, StoredObject } from './types.ts';
export { StorageUnavailableError } from './types.ts';
export { deleteAll, putAll, type ObjectToStore } from './all-or-none.ts';

/** The folder of the photo files (the seed writes its pool there too). */
export function photoStorageDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'photos');
}

/** The bucket's provider; its calls wait for the AWS SDK, which starts loading now. */
function s3StorageProvider(config: S3StorageConfig): StorageProvider {
  const loading = import('./s3.ts').then(({ createS3StorageProvider }) => createS3StorageProvider(config));
  // A failed load is the first call's error, not an unhandled rejection.
  loading.catch(() => undefined);
  return {
    put: async (key, bytes, contentType) => (await loading).put(key, bytes, contentType),
    get: async (key) => (await loading).get(key),
    delete: async (key) => (await loading).delete(key),
    async *list() {
      yield* (await loading).list();
    },
  };
}

export function createStorageProvider(config: Pick<Config, 'dataDir' | 'storage'>): StorageProvider {
  if (config.storage.kind === 's3') return s3StorageProvider(config.storage);
  return createLocalStorageProvider({ dir: photoStorageDir(config) });
}
