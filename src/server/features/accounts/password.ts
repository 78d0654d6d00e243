/**
 * Password hashing: argon2id with the OWASP minimum parameters (19 MiB memory, 2 passes,
 * 1 lane). A hash takes about 60 ms here, which is the point: it is slow for guessers too.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import)

export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when the password matches; false for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
