/**
 * A staff member's own passkeys (docs/staff.md "Passkeys"): list, register (named) and remove.
 * Registering and removing need a second factor in the last REAUTH_MINUTES, so a session
 * taken over without it cannot plant or drop a factor; both are audited, a refused
 * registration too.
 */
import type { Context } from 'hono';
import type { PasskeyCredential, StaffPasskey, WebauthnOptions } from '#src/contract/staff.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { log, requireRecentSecondFactor, sessionActor } from './login.ts';
import { deletePasskey, passkeyDto, passkeysOf, registerPasskey, registrationOptions } from './passkeys.ts';
import type { StaffSession } from './sessions.ts';

export async function listPasskeys(c: Context<AppEnv>, session: StaffSession): Promise<StaffPasskey[]> {
  return (await passkeysOf(c.get('deps').database.db, session.staffId)).map(passkeyDto);
}

export async function startPasskeyRegistration(
  c: Context<AppEnv>,
  session: StaffSession,
): Promise<{ options: WebauthnOptions }> {
  requireRecentSecondFactor(session, c.get('deps').now());
  return { options: await registrationOptions(c, session) };
}

export async function addPasskey(
  c: Context<AppEnv>,
  session: StaffSession,
  name: string,
  credential: PasskeyCredential,
): Promise<StaffPasskey> {
  requireRecentSecondFactor(session, c.get('deps').now());
  const row = await registerPasskey(c, session, name, credential);
  if (!row) {
    await log(c, sessionActor(session), {
      action: 'passkey_register_failed',
      targetType: 'staff',
      targetId: session.staffId,
    });
    throw fail('staff_passkey_invalid');
  }
  await log(c, sessionActor(session), {
    action: 'passkey_registered',
    targetType: 'staff_passkey',
    targetId: row.id,
    after: { name: row.name },
  });
  return passkeyDto(row);
}

export async function removePasskey(c: Context<AppEnv>, session: StaffSession, id: number): Promise<void> {
  requireRecentSecondFactor(session, c.get('deps').now());
  const row = await deletePasskey(c.get('deps').database.db, session.staffId, id);
  if (!row) throw fail('not_found');
  await log(c, sessionActor(session), {
    action: 'passkey_removed',
    targetType: 'staff_passkey',
    targetId: row.id,
    before: { name: row.name, created_at: row.createdAt.toISOString() },
  });
}
