/**
 * Writes generated members in batches: accounts, profiles, photos, interests and the
 * purchase ledger rows of paying members, one transaction per batch, ids assigned here
 * so no batch needs a round trip for RETURNING. Memory stays flat at any world size.
 */
import { EMAIL_PREFERENCES } from '#src/contract/notifications.ts';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SiteConfig } from '#sites-config';
import type { Db } from '../db/client.ts';
import { accounts, creditLedger, photos, profileInterests, profiles } from '../db/schema.ts';
import { PHOTO_SIZES } from '#src/server/features/photos/index.ts';
import { generateMembers, type GeneratedMember } from './generate.ts';
import type { PhotoPool } from './photos.ts';
import { Random } from './prng.ts';

const NO_NOTIFICATION_MAILS = Object.fromEntries(EMAIL_PREFERENCES.map((key) => [key, false]));

/** Rows per INSERT: each batch is one JSON parameter, so only its size limits it. */
const ROWS_PER_STATEMENT = 5_000;

export interface SeedMembersOptions {
  sites: readonly SiteConfig[];
  /** Members per site. */
  perSite: number;
  seed: string;
  now: Date;
  pool: PhotoPool;
  regionIds: ReadonlyMap<string, number>;
  /** Members per transaction (default 2 000). */
  batchSize?: number;
  onProgress?: (message: string) => void;
}

export interface SeedMembersResult {
  members: number;
  fictional: number;
  accounts: number;
  photos: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Multi-row insert through one JSON parameter (`json_populate_recordset`): PostgreSQL
 * parses the rows itself, several times faster on PGlite than thousands of bound
 * parameters, and free of the 65 535-parameter limit. Columns missing from the first row
 * get their defaults.
 */
async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
      const record = row as Record<string, unknown>;
      return Object.fromEntries(columns.map(([key, column]) => [column.name, record[key] ?? null]));
    });
    // JSON.stringify writes Dates as ISO strings, which timestamptz reads back exactly.
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

async function maxId(db: Db, table: 'accounts' | 'profiles' | 'photos'): Promise<number> {
  const result = await db.execute<{ max: string | number | null }>(
    sql`select max(id) as max from ${sql.identifier(table)}`,
  );
  const { rows } = result as { rows: { max: string | number | null }[] };
  return Number(rows[0]?.max ?? 0);
}

/** Moves a serial column's sequence past the ids written here. */
async function syncSequence(db: Db, table: 'accounts' | 'profiles' | 'photos'): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
  );
}

interface Ids {
  account: number;
  profile: number;
  photo: number;
}

async function writeBatch(
  db: Db,
  site: SiteConfig,
  batch: GeneratedMember[],
  ids: Ids,
  regionIds: ReadonlyMap<string, number>,
) {
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const profileRows: (typeof profiles.$inferInsert)[] = [];
  const photoRows: (typeof photos.$inferInsert)[] = [];
  const interestRows: (typeof profileInterests.$inferInsert)[] = [];
  const ledgerRows: (typeof creditLedger.$inferInsert)[] = [];
  const { full, thumb } = PHOTO_SIZES;

  for (const m of batch) {
    let accountId: number | null = null;
    if (m.email !== null) {
      accountId = ++ids.account;
      accountRows.push({
        id: accountId,
        siteId: site.id,
        email: m.email,
        // Generated members cannot log in: the demo logins are the way in.
        passwordHash: null,
        status: m.accountStatus,
        role: 'member',
        language: m.language,
        credits: m.purchasedCredits,
        paidUser: m.purchasedCredits > 0,
        notificationsDisabled: [],
        // Invented addresses: no notification mails (docs/notifications.md).
        emailPreferences: NO_NOTIFICATION_MAILS,
        signupDate: m.signupDate,
        createdAt: m.signupDate,
      });
      if (m.purchasedCredits > 0) {
        ledgerRows.push({
          accountId,
          delta: m.purchasedCredits,
          balanceAfter: m.purchasedCredits,
          reason: 'purchase',
          reference: `seed:${site.id}:${m.index}`,
          createdAt: new Date(m.signupDate.getTime() + 3_600_000),
        });
      }
    }
    const profileId = ++ids.profile;
    let mainPhotoId: number | null = null;
    m.photos.forEach((photo, position) => {
      const id = ++ids.photo;
      mainPhotoId ??= id;
      photoRows.push({
        id,
        publicId: new Random(`${m.publicId}:photo:${position}`).token(12),
        profileId,
        storageKey: photo.key,
        width: full.width,
        height: full.height,
        thumbWidth: thumb.width,
        thumbHeight: thumb.height,
        status: photo.status,
        premium: photo.premium,
        rejectReason: null,
        position,
        createdAt: m.signupDate,
      });
    });
    const regionId = regionIds.get(`${m.country}:${m.regionCode}`);
    if (regionId === undefined) throw new Error(`seed: no region ${m.country}:${m.regionCode} (city ${m.city})`);
    profileRows.push({
      id: profileId,
      publicId: m.publicId,
      siteId: site.id,
      accountId,
      type: m.fictional ? 'fictional' : 'member',
      status: m.profileStatus,
      name: m.name,
      gender: m.gender,
      seeking: m.seeking,
      birthdate: m.birthdate,
      country: m.country,
      regionId,
      city: m.city,
      lat: m.latE3,
      lon: m.lonE3,
      language: m.language,
      sexuality: m.sexuality,
      hairColor: m.hairColor,
      eyeColor: m.eyeColor,
      bodyType: m.bodyType,
      relationshipStatus: m.relationshipStatus,
      tattoos: m.tattoos,
      signupReason: null,
      aboutMe: m.aboutMe,
      invisible: m.invisible,
      privacyMode: m.privacyMode,
      mainPhotoId,
      lastActiveAt: m.lastActiveAt,
      createdAt: m.signupDate,
    });
    for (const interest of m.interests) interestRows.push({ profileId, interest });
  }

  await db.transaction(async (tx) => {
    await insertAll(tx, accounts, accountRows);
    await insertAll(tx, profiles, profileRows);
    await insertAll(tx, photos, photoRows);
    await insertAll(tx, profileInterests, interestRows);
    await insertAll(tx, creditLedger, ledgerRows);
  });
  return { accounts: accountRows.length, photos: photoRows.length, fictional: batch.length - accountRows.length };
}

/** Generates and writes `perSite` members for every site, site by site. */
export async function seedMembers(db: Db, options: SeedMembersOptions): Promise<SeedMembersResult> {
  const batchSize = options.batchSize ?? 2_000;
  const ids: Ids = {
    account: await maxId(db, 'accounts'),
    profile: await maxId(db, 'profiles'),
    photo: await maxId(db, 'photos'),
  };
  const result: SeedMembersResult = { members: 0, fictional: 0, accounts: 0, photos: 0 };
  try {
    for (const site of options.sites) {
      let batch: GeneratedMember[] = [];
      let done = 0;
      const flush = async () => {
        const written = await writeBatch(db, site, batch, ids, options.regionIds);
        done += batch.length;
        result.members += batch.length;
        result.accounts += written.accounts;
        result.fictional += written.fictional;
        result.photos += written.photos;
        batch = [];
        options.onProgress?.(
          `  ${site.id}: ${done.toLocaleString('en')} / ${options.perSite.toLocaleString('en')} members`,
        );
      };
      for (const member of generateMembers(site, {
        count: options.perSite,
        seed: options.seed,
        now: options.now,
        pool: options.pool,
      })) {
        batch.push(member);
        if (batch.length >= batchSize) await flush();
      }
      if (batch.length > 0) await flush();
    }
  } finally {
    for (const table of ['accounts', 'profiles', 'photos'] as const) await syncSequence(db, table);
  }
  return result;
}
