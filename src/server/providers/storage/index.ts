/** The storage provider of a configuration: local files under DATA_DIR/photos. */
import { join } from 'node:path';
import type { Config } from '#src/server/env.ts';
import { createLocalStorageProvider } from './local.ts';
import type { StorageProvider } from './types.ts';

export type { StorageProvider } from './types.ts';

/** The folder of the photo files (the seed writes its pool there too). */
export function photoStorageDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'photos');
}

export function createStorageProvider(config: Pick<Config, 'dataDir'>): StorageProvider {
  return createLocalStorageProvider({ dir: photoStorageDir(config) });
}
