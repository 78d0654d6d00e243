/** Account deletion, reactivation within 14 days, and the purge after (SPEC §2.7, §4, §9). */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '#src/contract/accounts.ts';
import {
  accountDeletions,
  accounts,
  creditLedger,
  photos,
  profileInterests,
  profiles,
  reports,
  searchFilters,
  sessions,
} from '#src/server/db/schema.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/deletion.ts';
import { hashPassword } from '#src/server/features/accounts/password.ts';
import { createLocalStorageProvider } from '#src/server/providers/storage/local.ts';
import { PHOTO_VARIANTS, photoFileName } from '#src/server/features/photos/files.ts';
import {
  PASSWORD,
  accountsApp,
  call,
  expectError,
  mailsTo,
  sessionOf,
  setSiteSettings,
  signupMember,
  tokenFromMail,
} from './accounts-helpers.ts';
import { createTestMember, type TestApp, answerOf } from './harness.ts';

let t: TestApp;
let photosDir: string;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  t = await accountsApp();
  photosDir = await mkdtemp(join(tmpdir(), 'flirt-photos-'));
});
afterAll(async () => {
  await t.close();
  await rm(photosDir, { recursive: true, force: true });
});

/** Deletes the account of a session, confirmed with the (test) password unless the body names one. */
const remove = (session: string, body: Record<string, unknown> = { reason: 'found_someone' }, host?: string) =>
  call(t, '/api/user.php', {
    method: 'DELETE',
    json: { password: PASSWORD, ...body },
    session,
    ...(host ? { host } : {}),
  });
const login = (email: string) => call(t, '/api/user.php', { method: 'POST', json: { email, password: PASSWORD } });

async function activated(overrides: Record<string, unknown> = {}) {
  const signed = await signupMember(t, overrides);
  const { token } = await tokenFromMail(t, signed.input.email, '/api/activate.php');
  await call(t, `/api/activate.php?token=${token}`);
  return signed;
}

describe('DELETE /api/user.php', () => {
  it('needs a login', async () => {
    await expectError(
      await call(t, '/api/user.php', { method: 'DELETE', json: { reason: 'other' } }),
      403,
      'authentication_required',
    );
  });

  it('asks for the current password: a session left open somewhere cannot delete the account', async () => {
    const { accountId, session } = await activated();
    await expectError(
      await remove(session, { reason: 'other', password: 'Not-The-Password-1' }),
      400,
      'password_wrong',
    );
    await expectError(await remove(session, { reason: 'other', password: undefined }), 400, 'invalid_input');
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.status).toBe('confirmed');
    expect((await call(t, '/api/user.php', { session })).status).toBe(200);
  });

  it('deletes at once: sessions ended, cookies cleared, profile hidden, reason stored, mail with a reactivation link', async () => {
    const { input, accountId, session } = await activated();
    const other = await t.login(accountId);
    const response = await remove(session, { reason: 'price', remarks: 'too expensive' });
    expect(response.status).toBe(200);
    expect(await answerOf(deleteAccount, response)).toEqual({ redirect: null });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('auth.session='))).toMatch(/Max-Age=0/);
    expect(cookies.find((c) => c.startsWith('auth.loggedIn='))).toMatch(/Max-Age=0/);

    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account).toMatchObject({ status: 'deleted', deletedAt: t.clock.now });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.accountId, accountId));
    expect(profile?.status).toBe('disabled');
    expect(await t.db.select().from(sessions).where(eq(sessions.accountId, accountId))).toHaveLength(0);
    for (const token of [session, other]) expect((await call(t, '/api/user.php', { session: token })).status).toBe(403);
    const [reason] = await t.db.select().from(accountDeletions).where(eq(accountDeletions.accountId, accountId));
    expect(reason).toMatchObject({ reason: 'price', remarks: 'too expensive' });

    const { mail, link } = await tokenFromMail(t, input.email, '/api/reactivate.php');
    expect(mail.subject).toBe('Your Flirtmoment account has been deleted');
    expect(link.startsWith('http://default.localhost/api/reactivate.php?token=')).toBe(true);
    expect(mail.text).toContain('14 days');

    // The owner (with the password) is told the account is deleted and gets a new link.
    await expectError(await login(input.email), 403, 'login_deleted', { days: 14 });
    await expectError(
      await call(t, '/api/signup.php', {
        method: 'POST',
        json: { ...input, name: 'Another' },
      }),
      409,
      'email_pending_deletion',
    );
  });

  it("answers the site's partner URL when one is configured", async () => {
    await setSiteSettings(t, 'milf', { delete_partner_url: 'https://partner.example/welcome' });
    const { session } = await signupMember(t, {}, { host: 'milf.localhost' });
    const response = await remove(session, { reason: 'other' }, 'milf.localhost');
    expect(await answerOf(deleteAccount, response)).toEqual({ redirect: 'https://partner.example/welcome' });
  });

  it('refuses an unknown reason', async () => {
    const { session } = await signupMember(t);
    expect((await remove(session, { reason: 'bored' })).status).toBe(400);
  });
});

describe('POST /api/user.php (login) of a deleted account', () => {
  it('says the account is deleted and mails a new reactivation link, only to the right password and within 14 days', async () => {
    const { input, session } = await activated();
    await remove(session);
    const before = (await mailsTo(t, input.email)).length;
    const wrong = await call(t, '/api/user.php', {
      method: 'POST',
      json: { email: input.email, password: 'Not-The-Password-1' },
    });
    await expectError(wrong, 401, 'login_failed');
    expect(await mailsTo(t, input.email)).toHaveLength(before);

    const answer = await login(input.email);
    expect(sessionOf(answer)).toBeNull();
    await expectError(answer, 403, 'login_deleted', { days: 14 });
    expect(await mailsTo(t, input.email)).toHaveLength(before + 1);
    const { token } = await tokenFromMail(t, input.email, '/api/reactivate.php');
    expect((await call(t, `/api/reactivate.php?token=${token}`)).headers.get('location')).toBe('/login?reactivated=1');
    expect((await login(input.email)).status).toBe(200);
  });

  it('answers as for an unknown address after the 14 days', async () => {
    const { input, session } = await activated();
    await remove(session);
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 14 * DAY + 1000);
    try {
      await expectError(await login(input.email), 401, 'login_failed');
    } finally {
      t.clock.now = start;
    }
  });
});

describe('GET /api/reactivate.php', () => {
  it('restores a confirmed account within 14 days, once', async () => {
    const { input, accountId, session } = await activated();
    await remove(session);
    const { token } = await tokenFromMail(t, input.email, '/api/reactivate.php');
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 13 * DAY);
    const response = await call(t, `/api/reactivate.php?token=${token}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?reactivated=1');
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account).toMatchObject({ status: 'confirmed', deletedAt: null });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.accountId, accountId));
    expect(profile?.status).toBe('active');
    expect((await login(input.email)).status).toBe(200);
    expect((await call(t, `/api/reactivate.php?token=${token}`)).headers.get('location')).toBe('/activate/error');
    t.clock.now = start;
  });

  it('keeps a never-confirmed account not confirmed, and a seeded confirmed one confirmed', async () => {
    const fresh = await signupMember(t);
    await remove(fresh.session);
    const first = await tokenFromMail(t, fresh.input.email, '/api/reactivate.php');
    expect((await call(t, `/api/reactivate.php?token=${first.token}`)).headers.get('location')).toBe(
      '/login?reactivated=1',
    );
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, fresh.accountId));
    expect(account?.status).toBe('not_confirmed');

    const seeded = await createTestMember(t, {
      email: `seeded.${Date.now()}@example.test`,
      passwordHash: await hashPassword(PASSWORD),
    });
    await remove(await t.login(seeded.accountId));
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, seeded.accountId));
    const second = await tokenFromMail(t, row?.email ?? '', '/api/reactivate.php');
    await call(t, `/api/reactivate.php?token=${second.token}`);
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, seeded.accountId));
    expect(after?.status).toBe('confirmed');
  });

  it('fails after 14 days and for an unknown link', async () => {
    const { input, session } = await activated();
    await remove(session);
    const { token } = await tokenFromMail(t, input.email, '/api/reactivate.php');
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 14 * DAY + 1000);
    expect((await call(t, `/api/reactivate.php?token=${token}`)).headers.get('location')).toBe('/activate/error');
    t.clock.now = start;
    expect((await call(t, '/api/reactivate.php?token=abcdefghijklmnopqrstuvwxyz')).headers.get('location')).toBe(
      '/activate/error',
    );
  });
});

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Every text and jsonb value of every table that contains `needle` (case-insensitive). */
async function findEverywhere(needle: string): Promise<string[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [found] = await rowsOf<{ n: number }>(
      sql.raw(
        `select count(*)::int as n from "${table}" where "${column}"::text ilike '%${needle.replace(/'/g, "''")}%'`,
      ),
    );
    if ((found?.n ?? 0) > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

describe('purgeDeletedAccounts', () => {
  it('erases e-mail, name, photos and all personal rows after 14 days; the ledger stays', async () => {
    const name = 'Quillonia';
    const { input, accountId, session } = await activated({
      name,
      signup_message: `${name} wants to meet`,
      trafficsource: { network: 'net', sub1: 'one' },
    });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.accountId, accountId));
    if (!profile) throw new Error('no profile');
    // Two photos: one with its own files, one sharing a pool file with another member.
    const other = await createTestMember(t, {
      email: `pool.${Date.now()}@example.test`,
      photos: [{ key: 'sharedpoolkey000001', status: 'active' }],
    });
    await t.db.insert(photos).values(
      ['ownphotokey00000001', 'sharedpoolkey000001'].map((key, position) => ({
        publicId: `deletedphoto${position}`,
        profileId: profile.id,
        storageKey: key,
        width: 600,
        height: 800,
        thumbWidth: 200,
        thumbHeight: 266,
        status: 'active' as const,
        position,
      })),
    );
    await t.db.insert(profileInterests).values({ profileId: profile.id, interest: 'music' });
    await mkdir(photosDir, { recursive: true });
    for (const key of ['ownphotokey00000001', 'sharedpoolkey000001']) {
      for (const variant of PHOTO_VARIANTS) await writeFile(join(photosDir, photoFileName(key, variant)), 'jpg');
    }
    // Open tokens of every kind.
    await call(t, '/api/password-reset.php', { method: 'POST', json: { email: input.email } });
    await call(t, '/api/mail-change.php', { method: 'POST', json: { email: `new.${input.email}` }, session });
    // Saved search filters (a manual search remembers them).
    const searched = await call(
      t,
      '/api/search.php?manual_search=1&gender=male&country=NL&min_age=26&max_age=35&source=members&hideNudity=0',
      { session },
    );
    expect(searched.status).toBe(200);
    const savedFilters = () => t.db.select().from(searchFilters).where(eq(searchFilters.accountId, accountId));
    expect(await savedFilters()).toHaveLength(1);
    // A chat message that names the member, to a member who stays.
    const chat = await call(t, `/api/chat.php?profile=${other.publicId}`, { session });
    expect(chat.status).toBe(200);
    const { id: conversation } = (await chat.json()) as { id: string };
    const sent = await call(t, '/api/chat.php', {
      method: 'POST',
      json: { conversation, text: `Hi, I am ${name}`, client_id: 'purge-test-0001' },
      session,
    });
    expect(sent.status).toBe(200);
    // A report the member wrote: it stays for the moderators, without its writer or their words.
    const reported = await call(t, '/api/report.php', {
      method: 'POST',
      json: { target: 'profile', id: other.publicId, reason: 'other', details: `From ${name}, ${input.email}` },
      session,
    });
    expect(reported.status).toBe(200);
    await remove(session, { reason: 'other', remarks: `I am ${name}, reach me at ${input.email}` });

    expect(await findEverywhere(input.email)).not.toEqual([]);
    // Not yet: within the window nothing is purged.
    expect(
      await purgeDeletedAccounts(
        t.db,
        new Date(t.clock.now.getTime() + 13 * DAY),
        createLocalStorageProvider({ dir: photosDir }),
      ),
    ).toBe(0);
    expect(await findEverywhere(name)).not.toEqual([]);
    expect(await savedFilters()).toHaveLength(1);

    const purged = await purgeDeletedAccounts(
      t.db,
      new Date(t.clock.now.getTime() + 14 * DAY),
      createLocalStorageProvider({ dir: photosDir }),
    );
    expect(purged).toBeGreaterThanOrEqual(1);

    expect(await findEverywhere(input.email)).toEqual([]);
    expect(await findEverywhere(name)).toEqual([]);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account).toMatchObject({ status: 'purged', email: null, passwordHash: null });
    expect(await t.db.select().from(profiles).where(eq(profiles.accountId, accountId))).toHaveLength(0);
    expect(await t.db.select().from(profileInterests).where(eq(profileInterests.profileId, profile.id))).toHaveLength(
      0,
    );
    expect(await t.db.select().from(photos).where(eq(photos.profileId, profile.id))).toHaveLength(0);
    expect(await savedFilters()).toHaveLength(0);
    const [reason] = await t.db.select().from(accountDeletions).where(eq(accountDeletions.accountId, accountId));
    expect(reason).toMatchObject({ reason: 'other', remarks: null });
    const kept = await t.db.select().from(reports).where(eq(reports.reportedProfileId, other.profileId));
    expect(kept).toMatchObject([{ reason: 'other', reporterId: null, details: null }]);

    // Its own photo files are gone; the shared pool file stays for the other member.
    for (const variant of PHOTO_VARIANTS) {
      expect(existsSync(join(photosDir, photoFileName('ownphotokey00000001', variant)))).toBe(false);
      expect(existsSync(join(photosDir, photoFileName('sharedpoolkey000001', variant)))).toBe(true);
    }
    expect(await t.db.select().from(photos).where(eq(photos.profileId, other.profileId))).toHaveLength(1);

    // The ledger keeps its rows, pseudonymous by account id.
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.accountId, accountId));
    expect(ledger).toMatchObject([{ reason: 'signup_bonus', delta: 20 }]);

    // The purged address is free again; the old link does nothing.
    const { token } = await tokenFromMail(t, input.email, '/api/reactivate.php');
    expect((await call(t, `/api/reactivate.php?token=${token}`)).headers.get('location')).toBe('/activate/error');
    const again = await call(t, '/api/signup.php', { method: 'POST', json: input });
    expect(again.status).toBe(200);
    expect(await mailsTo(t, input.email)).not.toHaveLength(0);
  });

  it('leaves reactivated and live accounts alone', async () => {
    const live = await activated();
    expect(
      await purgeDeletedAccounts(
        t.db,
        new Date(t.clock.now.getTime() + 100 * DAY),
        createLocalStorageProvider({ dir: photosDir }),
      ),
    ).toBeGreaterThanOrEqual(0);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, live.accountId));
    expect(account?.status).toBe('confirmed');
    expect(account?.email).toBe(live.input.email);
  });
});
