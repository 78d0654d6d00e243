/**
 * npm run seed [-- --members N] [--reset] [--seed TEXT] [--sites a,b] [--reference-only]
 *
 * Seeds the database of this configuration (PGlite under DATA_DIR/db, or DATABASE_URL):
 * companies, sites, regions, interests and message costs (always, as upserts that keep
 * operators' edits), then, when the database has no members yet, a deterministic demo
 * world of N members per site (default SEED_MEMBERS, 2 000) with generated photos, plus
 * the demo logins. The same --seed and day give the same world. --reset deletes all
 * members, photos, sessions and credits first. In production only --reference-only runs (the demo
 * world has demo logins with a known password); --force overrides that on a staging copy.
 * --reference-only writes just the reference data (production deploys).
 * Large worlds stream in batches: `--members 1000000` runs in flat memory.
 */
import './lib/runtime.ts';
import { parseArgs } from 'node:util';
import { sites } from '#sites-config';
import { loadConfig } from '#src/server/env.ts';
import { openConfiguredDatabase } from '#src/server/main.ts';
import { DEFAULT_SEED, seed, seedReferenceData } from '#src/server/seed/index.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string' },
    reset: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    seed: { type: 'string', default: DEFAULT_SEED },
    sites: { type: 'string' },
    'reference-only': { type: 'boolean', default: false },
    'batch-size': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'npm run seed -- [--members N per site] [--reset] [--seed TEXT] [--sites default,gay] [--reference-only]',
  );
  process.exit(0);
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
}

const config = loadConfig();
const membersPerSite = positiveInteger('members', values.members);
const batchSize = positiveInteger('batch-size', values['batch-size']);
const chosen = values.sites?.split(',').map((id) => {
  const site = sites.find((s) => s.id === id.trim());
  if (!site) throw new Error(`--sites: unknown site "${id}" (known: ${sites.map((s) => s.id).join(', ')})`);
  return site;
});

const database = await openConfiguredDatabase(config);
try {
  if (values['reference-only']) {
    await seedReferenceData(database.db, sites);
    console.log('Reference data written (companies, sites, regions, interests, message costs).');
  } else {
    const result = await seed(database, config, {
      reset: values.reset,
      force: values.force,
      seed: values.seed,
      ...(membersPerSite !== undefined ? { membersPerSite } : {}),
      ...(batchSize ? { batchSize } : {}),
      ...(chosen ? { sites: chosen } : {}),
      onProgress: (line) => console.log(line),
    });
    if (result.skipped) console.log(`Nothing generated (${result.seconds.toFixed(1)} s).`);
    else {
      console.log(
        `Seeded ${result.members.toLocaleString('en')} profiles (${result.fictional.toLocaleString('en')} chat pals, ` +
          `${result.accounts.toLocaleString('en')} accounts, ${result.photos.toLocaleString('en')} photos) in ${result.seconds.toFixed(1)} s.`,
      );
      console.log(
        `Demo logins (password "${result.logins[0]?.password ?? ''}"): ${result.logins.map((l) => l.email).join(', ')}`,
      );
    }
  }
} finally {
  await database.close();
}
