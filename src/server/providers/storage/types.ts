/**
 * Where photo files are kept. Keys are file names made by features/photos/files.ts
 * (`<storage key>[-variant].jpg`); a provider refuses anything else. A store that cannot be
 * reached (or refuses the server's credentials) fails with StorageUnavailableError.
 */
export interface StorageProvider {
  /** Stores (or replaces) the bytes of a key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes of a key, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object, in no promised order (the backup's manifest: scripts/backup.ts). */
  list(): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  bytes: number;
  modified: Date;
}

/** Object keys: a file-safe name, no folders, no dots but the one of the extension. */
const OBJECT_KEY = /^[a-z0-9]{12,40}(?:-[a-z]{1,12})?\.(?:jpg|jpeg|png|webp)$/;

export function isObjectKey(key: string): boolean {
  return OBJECT_KEY.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 60))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The store could not be reached or refused the request: try again later (answered as 503). */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`photo storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}
