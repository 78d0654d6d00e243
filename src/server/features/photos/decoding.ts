/**
 * The turns of photo decoding in this process (docs/security.md "Chat photos were decoded for
 * free"): every upload's decode — profile photos and chat photos alike — waits in one fair
 * gate (src/server/platform/fair-gate.ts), keyed by the member's account. One decode per
 * member runs and one more waits, members are served in turn, and the gate leaves a core for
 * the rest of the app: at most `cores − 1` decodes run at once (at least one), each on one
 * libvips thread (`sharp.concurrency(1)`, set when sharp loads: platform/sharp.ts) with its variants
 * encoded one after the other (render.ts), so one member's decodes cannot take every core
 * from other members' requests. The decodes themselves run in photo workers with heaps of
 * their own (photo-pool.ts), one per slot: the API's event loop and its garbage collector
 * never carry a decode's buffers, and a large photo’s decode runs at a lower CPU priority.
 * One more slot takes only small photos (at most `lightPixels`, by the header, HEIC never): a
 * small photo of another member does not wait for a huge one to end. And each member has a
 * share of decoding over time (`share`, in megapixels): a member who keeps sending huge photos
 * waits between them, so their decodes cannot keep a core busy for everyone else.
 */
import { availableParallelism } from 'node:os';
import { fail } from '#src/server/http/errors.ts';
import { FairGate, GateFull } from '#src/server/platform/fair-gate.ts';
import { loadSharp } from '#src/server/platform/sharp.ts';

/** The gate's sizes: decodes at once, the slot of small photos, waiting per member and in all. */
export const PHOTO_DECODING = {
  concurrency: Math.max(1, availableParallelism() - 1),
  lightSlots: 1,
  /** A photo of at most this many pixels (its header says) is small. */
  lightPixels: 2_000_000,
  perKeyQueue: 1,
  maxQueued: 16,
  /**
   * What one member may have decoded over time, in megapixels (a HEIC photo's count twice:
   * its decoder is slower; any photo at least 1): five 12-megapixel phone photos at once, then
   * 4 megapixels a second, and a photo that would wait more than 15 s for that is refused.
   */
  share: { burst: 60, perSecond: 4, maxWaitMs: 15_000 },
} as const;

const gate = new FairGate(PHOTO_DECODING);

/** The member's decoding queue (or everyone's) is full: 429, try again in a minute. */
export const photoBusyError = () => fail('rate_limited', { message: 'photos.errors.photo_busy', field: 'photo' });

/**
 * 429 at once when the member's decode would be refused now (their turn is taken, or their
 * share is used up for longer than a photo may wait): called before the upload's other
 * checks so a flood of uploads is refused without a database query.
 */
export function assertDecodeTurn(accountId: number): void {
  if (gate.isFull(String(accountId))) throw photoBusyError();
}

/**
 * What decoding an upload will take, by its header (cheap: nothing is decoded): whether it is
 * small (HEIC never is) and its cost against the member's share, in megapixels.
 */
async function decodeWork(bytes: Uint8Array): Promise<{ small: boolean; cost: number }> {
  const sharp = await loadSharp();
  try {
    const { width, height, format } = await sharp(bytes).metadata();
    const heic = format === 'heif';
    const megapixels = (width * height) / 1_000_000;
    return {
      small: !heic && width * height <= PHOTO_DECODING.lightPixels,
      cost: Math.max(1, heic ? 2 * megapixels : megapixels),
    };
  } catch {
    // Not an image sharp reads: the decode refuses it at once.
    return { small: true, cost: 1 };
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
  const work = await decodeWork(bytes);
  try {
    return await gate.run(String(accountId), () => decode(bytes), work.small, work.cost);
  } catch (error) {
    throw error instanceof GateFull ? photoBusyError() : error;
  }
}

/** The member's share of decoding left now, in megapixels (below zero: they wait). */
export function decodingBalance(accountId: number): number {
  return gate.balance(String(accountId));
}

/** Takes megapixels from the member's share as if they had been decoded (tests). */
export function spendDecodingShare(accountId: number, megapixels: number): void {
  gate.charge(String(accountId), megapixels);
}

/** Decodes running and waiting now (tests, monitoring). */
export function decodingLoad(): { running: number; queued: number } {
  return gate.load;
}
