/**
 * The turns of photo decoding in this process (docs/security.md "Chat photos were decoded for
 * free"): every upload's decode — profile photos and chat photos alike — waits in one fair
 * gate (src/server/platform/fair-gate.ts), keyed by the member's account. One decode per
 * member runs and one more waits, members are served in turn, and the gate leaves a core for
 * the rest of the app: at most `cores − 1` decodes run at once (at least one), each on one
 * libvips thread (`sharp.concurrency(1)`, set when this module loads) with its variants
 * encoded one after the other (render.ts), so one member's decodes cannot take every core
 * from other members' requests. The decodes themselves run in photo workers with heaps of
 * their own (photo-pool.ts), one per slot: the API's event loop and its garbage collector
 * never carry a decode's buffers, and a large photo's decode runs at a lower CPU priority. One more slot takes only small photos (at most
 * `lightPixels`, by the header, HEIC never): a small photo of another member does not wait
 * for a huge one to end.
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { fail } from '#src/server/http/errors.ts';
import { FairGate, GateFull } from '#src/server/platform/fair-gate.ts';

/** The gate's sizes: decodes at once, the slot of small photos, waiting per member and in all. */
export const PHOTO_DECODING = {
  concurrency: Math.max(1, availableParallelism() - 1),
  lightSlots: 1,
  /** A photo of at most this many pixels (its header says) is small. */
  lightPixels: 2_000_000,
  perKeyQueue: 1,
  maxQueued: 16,
} as const;

// One libvips worker per image: a decode uses one core, however large the image.
sharp.concurrency(1);

const gate = new FairGate(PHOTO_DECODING);

/** The member's decoding queue (or everyone's) is full: 429, try again in a minute. */
export const photoBusyError = () => fail('rate_limited', { message: 'photos.errors.photo_busy', field: 'photo' });

/**
 * 429 at once when the member's decode would be refused now: called before the upload's
 * other checks so a flood of uploads is refused without a database query.
 */
export function assertDecodeTurn(accountId: number): void {
  if (gate.isFull(String(accountId))) throw photoBusyError();
}

/** Whether an upload is small by its header (cheap: nothing is decoded); HEIC never is. */
async function isSmall(bytes: Uint8Array): Promise<boolean> {
  try {
    const { width, height, format } = await sharp(bytes).metadata();
    return format !== 'heif' && width * height <= PHOTO_DECODING.lightPixels;
  } catch {
    // Not an image sharp reads: the decode refuses it at once.
    return true;
  }
}

/**
 * Reads the upload (`read`) and decodes it (`decode`) in the member's turn; 429 when it may
 * not wait.
 */
export async function decodeInTurn<T>(
  accountId: number,
  read: () => Promise<Uint8Array>,
  decode: (bytes: Uint8Array) => Promise<T>,
): Promise<T> {
  const bytes = await read();
  try {
    return await gate.run(String(accountId), () => decode(bytes), await isSmall(bytes));
  } catch (error) {
    throw error instanceof GateFull ? photoBusyError() : error;
  }
}

/** Decodes running and waiting now (tests, monitoring). */
export function decodingLoad(): { running: number; queued: number } {
  return gate.load;
}
