/**
 * npm run purge
 *
 * Erases, now, the personal data of every account deleted at least REACTIVATION_WINDOW_DAYS
 * (14) days ago: profile, interests, photos and their files (files other photo rows still
 * use are kept), sessions, e-mailed tokens, traffic source and deletion remarks. The
 * account row stays as status 'purged' without e-mail or password, so the credits ledger
 * keeps its pseudonymous rows. The running server does the same every hour; this is for
 * cron jobs and operators. Uses this configuration's database (PGlite under DATA_DIR/db,
 * or DATABASE_URL).
 */
import './lib/runtime.ts';
import { loadConfig } from '#src/server/env.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/deletion.ts';
import { openConfiguredDatabase } from '#src/server/main.ts';
import { createStorageProvider } from '#src/server/providers/storage/index.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const purged = await purgeDeletedAccounts(database.db, new Date(), createStorageProvider(config));
  console.log(`Purged ${purged} deleted account${purged === 1 ? '' : 's'}.`);
} finally {
  await database.close();
}
