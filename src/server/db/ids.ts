/** Public ids of rows others may see (profiles, photos, conversations): random, never a sequence. */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 12 characters of [a-z0-9] (about 62 bits), from the system's secure random source. */
export function randomPublicId(length = 12): string {
  // 252 = 7 × 36: bytes above it are dropped, so every character is equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += ALPHABET.charAt(byte % ALPHABET.length);
    }
  }
  return out;
}
