/**
 * npm run purge
 *
 * Runs, now, the tasks the running server runs every hour (src/server/jobs/hourly.ts):
 * erases the personal data of every account deleted at least REACTIVATION_WINDOW_DAYS (14)
 * days ago (profile, interests, photos and their files, sessions, e-mailed tokens, traffic
 * source, deletion remarks; the account row stays as status 'purged' without e-mail or
 * password, so the credits ledger keeps its pseudonymous rows), and deletes expired
 * sessions, spent tokens, old outbox mails, stale counters and events. For cron jobs and
 * operators. Uses this configuration's database (PGlite under DATA_DIR/db, or DATABASE_URL).
 * Exits with 1 when a task failed (each failure is logged with the task's name).
 */
import './lib/runtime.ts';
import { composeApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/env.ts';
import { runHourlyTasks } from '#src/server/jobs/hourly.ts';
import { openConfiguredDatabase } from '#src/server/main.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const { deps } = composeApp(config, database);
try {
  const outcomes = await runHourlyTasks(deps);
  for (const outcome of outcomes) console.log(`${outcome.ok ? 'done  ' : 'FAILED'} ${outcome.name}`);
  if (outcomes.some((outcome) => !outcome.ok)) process.exitCode = 1;
} finally {
  await deps.events.close();
  await database.close();
}
