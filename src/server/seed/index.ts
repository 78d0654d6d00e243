/**
 * The demo world (README in this folder): reference data, a deterministic population of
 * members per site with photos, and the demo logins. `seed()` is what `npm run seed`
 * runs; `seedIfEmpty()` is what `npm start` runs.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { sites as configuredSites, type SiteConfig } from '#sites-config';
import type { Database, Db } from '../db/client.ts';
import { profiles } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { createStorageProvider, photoStorageDir } from '../providers/storage/index.ts';
import { seedDemoChats } from './demo-chats.ts';
import { DEMO_SITE_ID, seedDemoLogins, type DemoLogin } from './demo-logins.ts';
import { seedDemoStaff } from './demo-staff.ts';
import { seedMembers } from './members.ts';
import { ensurePhotoPool, storePhotoPool } from './photos.ts';
import { regionIds, seedReferenceData } from './reference.ts';
import { refreshCitySuggestions } from '#src/server/features/geo/index.ts';

export { DEMO_LOGINS, DEMO_PASSWORD, seedDemoLogins, type DemoLogin } from './demo-logins.ts';
export { DEMO_STAFF, seedDemoStaff, type DemoStaff } from './demo-staff.ts';
export { createMember, type NewMember, type CreatedMember } from './accounts.ts';
export { generateMembers, type GeneratedMember } from './generate.ts';
export { ensurePhotoPool, type PhotoPool } from './photos.ts';
export {
  regionIds,
  seedCompanies,
  seedInterests,
  seedMessageCosts,
  seedReferenceData,
  seedRegions,
  seedSites,
} from './reference.ts';

export const DEFAULT_SEED = 'flirt-demo-1';
export const DEFAULT_MEMBERS_PER_SITE = 2_000;
export const DEFAULT_PHOTO_POOL = 48;

export interface SeedOptions {
  /** Members per site (default SEED_MEMBERS, 2 000). */
  membersPerSite?: number;
  /** Delete all members, photos, sessions and ledger rows first. */
  reset?: boolean;
  /** Allow `reset` on a production configuration. */
  force?: boolean;
  /** The seed text: the same seed (and `now`) gives the same world. */
  seed?: string;
  /** The world's "today" (default: today 00:00 UTC). */
  now?: Date;
  photoPoolSize?: number;
  /** Sites that get members (default all); reference data is always written for all. */
  sites?: readonly SiteConfig[];
  batchSize?: number;
  onProgress?: (message: string) => void;
}

export interface SeedResult {
  /** True when members existed and nothing was generated. */
  skipped: boolean;
  members: number;
  fictional: number;
  accounts: number;
  photos: number;
  seconds: number;
  logins: DemoLogin[];
}

function today(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

async function hasMembers(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).limit(1);
  return row !== undefined;
}

/** Deletes every member with everything hanging off them (and their photo files). */
export async function resetMembers(db: Db, config: Pick<Config, 'dataDir'>): Promise<void> {
  await db.execute(
    sql`truncate table credit_ledger, sessions, profile_interests, photos, profiles, accounts restart identity cascade`,
  );
  await rm(photoStorageDir(config), { recursive: true, force: true });
}

export async function seed(database: Database, config: Config, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const { db } = database;
  const log = options.onProgress ?? (() => undefined);
  const now = options.now ?? today();
  const seedText = options.seed ?? DEFAULT_SEED;

  // The demo world brings demo logins with a known password, staff among them.
  if (config.production && !options.force) {
    throw new Error(
      'Refusing to seed demo members and demo logins (known passwords) into a production database: use --reference-only (or --force on a staging copy).',
    );
  }
  if (options.reset) {
    log('Deleting members, photos, sessions and credits…');
    await resetMembers(db, config);
  }
  log('Companies, sites, regions, interests and message costs…');
  await seedReferenceData(db, configuredSites);
  const regions = await regionIds(db);

  const result: SeedResult = {
    skipped: false,
    members: 0,
    fictional: 0,
    accounts: 0,
    photos: 0,
    seconds: 0,
    logins: [],
  };
  if (await hasMembers(db)) {
    log('Members exist already: nothing generated (use --reset to start over).');
    result.skipped = true;
  } else {
    const poolSize = options.photoPoolSize ?? DEFAULT_PHOTO_POOL;
    log(`Photo pool: ${poolSize} generated portraits…`);
    const pool = await ensurePhotoPool(photoStorageDir(config), { size: poolSize, seed: seedText });
    if (config.storage.kind !== 'local')
      await storePhotoPool(pool, photoStorageDir(config), createStorageProvider(config));
    const memberSites = options.sites ?? configuredSites;
    const perSite = options.membersPerSite ?? config.seedMembers;
    log(`Members: ${perSite.toLocaleString('en')} per site on ${memberSites.length} site(s)…`);
    const written = await seedMembers(db, {
      sites: memberSites,
      perSite,
      seed: seedText,
      now,
      pool,
      regionIds: regions,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      onProgress: log,
    });
    Object.assign(result, written);
    log('Demo logins…');
    result.logins = await seedDemoLogins(db, { now, regionIds: regions, pool });
    await seedDemoStaff(db, now);
    const demoSite = configuredSites.find((s) => s.id === DEMO_SITE_ID);
    if (demoSite && memberSites.some((s) => s.id === DEMO_SITE_ID)) {
      log('Demo conversations…');
      await seedDemoChats(db, { now, brand: demoSite.brand });
    }
  }
  log('City suggestions…');
  await refreshCitySuggestions(db);
  // Planner statistics for the bulk-loaded tables: PGlite has no autovacuum to gather them,
  // and without them the chat and visibility queries pick poor join orders (docs/chat.md).
  await db.execute(sql`analyze`);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/**
 * For `npm start`: writes the reference data (always: the sites must exist), and with
 * DEMO_SEED (never in production) generates the demo world when the database has no members yet. Answers what
 * it generated, or null.
 */
export async function seedIfEmpty(
  database: Database,
  config: Config,
  options: Omit<SeedOptions, 'reset' | 'force'> = {},
): Promise<{ members: number; seconds: number; logins: DemoLogin[] } | null> {
  if (!config.demoSeed || config.production || (await hasMembers(database.db))) {
    await seedReferenceData(database.db, configuredSites);
    return null;
  }
  const result = await seed(database, config, options);
  return result.skipped ? null : { members: result.members, seconds: result.seconds, logins: result.logins };
}
