/**
 * The second factor (docs/staff.md "Login"): TOTP (RFC 6238, 30-second steps, six digits;
 * otplib) with replay protection (a code of the step last accepted, or an earlier one, is
 * refused: staff_accounts.totp_last_step moves forward atomically), enrolment with a QR code,
 * and ten single-use recovery codes of which only the SHA-256 is stored.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '#src/server/db/client.ts';
import { staffAccounts, staffRecoveryCodes } from '#src/server/db/schema.ts';

/** The name authenticator apps show for the account. */
export const TOTP_ISSUER = 'Back office';
export const RECOVERY_CODE_COUNT = 10;
/** A code of the step before or after the current one is accepted (clock drift), no further. */
const EPOCH_TOLERANCE_S = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The otpauth URL as a QR code (SVG markup) for the authenticator app to scan. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * Whether `code` is a current TOTP code of the account's secret that was not used before:
 * its time step must be later than the last accepted one, which it then becomes (one
 * conditional UPDATE, so two requests with one code cannot both pass).
 */
export async function acceptTotp(
  db: Db,
  account: { id: number; totpSecret: string | null; totpLastStep: number | null },
  code: string,
  now: Date,
): Promise<boolean> {
  if (!account.totpSecret || !/^\d{6}$/.test(code)) return false;
  const result = await verify({
    secret: account.totpSecret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(account.totpLastStep !== null ? { afterTimeStep: account.totpLastStep } : {}),
  });
  // A TOTP verification answers the matched time step (the functional API's type also covers HOTP).
  if (!result.valid || !('timeStep' in result)) return false;
  const moved = await db
    .update(staffAccounts)
    .set({ totpLastStep: result.timeStep })
    .where(
      and(
        eq(staffAccounts.id, account.id),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, result.timeStep)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return moved.length === 1;
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function hashCode(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[^a-z0-9]/gi, '').toLowerCase())
    .digest('hex');
}

/** A recovery code: ten characters of an unambiguous alphabet, as xxxxx-xxxxx (≈ 49 bits). */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the account's recovery codes with RECOVERY_CODE_COUNT new ones; answers them (shown once). */
export async function newRecoveryCodes(db: Db, staffId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffId, codeHash: hashCode(code), createdAt: now })));
  return codes;
}

/** Uses up a recovery code: true once per code (a conditional UPDATE). */
export async function useRecoveryCode(db: Db, staffId: number, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, hashCode(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}
