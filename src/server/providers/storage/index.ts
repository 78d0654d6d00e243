/**
 * The storage provider of a configuration (STORAGE): local files under DATA_DIR/photos, or
 * an S3-compatible bucket (docs/operations.md "Photo storage").
 */
import { join } from 'node:path';
import type { Config } from '#src/server/env.ts';
import { createLocalStorageProvider } from './local.ts';
import { createS3StorageProvider } from './s3.ts';
import type { StorageProvider } from './types.ts';

export type { StorageProvider, StoredObject } from './types.ts';
export { StorageUnavailableError } from './types.ts';
export { deleteAll, putAll, type ObjectToStore } from './all-or-none.ts';

/** The folder of the photo files (the seed writes its pool there too). */
export function photoStorageDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'photos');
}

export function createStorageProvider(config: Pick<Config, 'dataDir' | 'storage'>): StorageProvider {
  if (config.storage.kind === 's3') return createS3StorageProvider(config.storage);
  return createLocalStorageProvider({ dir: photoStorageDir(config) });
}
