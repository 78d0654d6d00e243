/**
 * Writing the several objects of one photo as a unit (docs/operations.md "Photo storage"):
 * all of them or none, so a failed upload leaves nothing half-written in the store.
 */
import type { StorageProvider } from './types.ts';

export interface ObjectToStore {
  key: string;
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Writes the objects side by side. When one write fails, the others are awaited (none is
 * still under way when this returns), the written ones are deleted, and the first failure
 * is thrown (a StorageUnavailableError when the store could not be reached).
 */
export async function putAll(storage: StorageProvider, objects: readonly ObjectToStore[]): Promise<void> {
  const outcomes = await Promise.allSettled(
    objects.map((object) => storage.put(object.key, object.bytes, object.contentType)),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (!failure) return;
  await deleteAll(
    storage,
    objects.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((object) => object.key),
  );
  throw failure.reason;
}

/** Deletes objects; those the store refuses now are logged by key, to remove by hand. */
export async function deleteAll(storage: Pick<StorageProvider, 'delete'>, keys: readonly string[]): Promise<void> {
  const outcomes = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const left = keys.filter((_, i) => outcomes[i]?.status === 'rejected');
  if (left.length > 0) console.error(`[photos] objects left to remove by hand: ${left.join(' ')}`);
}
