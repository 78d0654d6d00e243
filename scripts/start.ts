/**
 * npm start: everything a newcomer needs on one command. Builds the static sites when
 * dist/ is missing or was built from other sources (scripts/lib/build-freshness.ts), opens
 * the embedded database (PGlite under data/db, or DATABASE_URL), migrates it, seeds the demo
 * world when it is empty, and serves all seven sites and the API with the offline providers.
 * Prints the URLs and demo logins.
 */
import './lib/runtime.ts';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { sites } from '#sites-config';
import { loadConfig, localDemoEnv } from '#src/server/env.ts';
import { openConfiguredDatabase, startServer } from '#src/server/main.ts';
import { seedIfEmpty, seedDemoStaff, DEMO_LOGINS, DEMO_PASSWORD, DEMO_STAFF } from '#src/server/seed/index.ts';
import { isBuildCurrent } from './lib/build-freshness.ts';
import { buildVariants } from '#src/lib/build-env.ts';

const root = resolve(import.meta.dirname, '..');
const config = loadConfig(localDemoEnv());

// All variants, unless BUILD_SITES/BUILD_LOCALES narrow them (one site's e2e shard, docs/sites-ci.md).
const wantedVariants = buildVariants().map((v) => `${v.site.id}/${v.locale}`);
if (!isBuildCurrent(config.sitesDir, wantedVariants)) {
  console.log(`Building the static sites (${wantedVariants.length} site variants)…`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build-sites.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const database = await openConfiguredDatabase(config);
const seeded = await seedIfEmpty(database, config);
if (seeded) console.log(`Seeded the demo world: ${seeded.members} members in ${seeded.seconds.toFixed(1)} s`);
// The demo staff of the back office (known passwords and TOTP secrets): development only.
if (config.demoSeed && !config.production) await seedDemoStaff(database.db, new Date());

const server = await startServer(config, database);
const host = (id: string) => `http://${id}.localhost:${server.port}/`;
const moderator = DEMO_STAFF.find((s) => s.role === 'moderator');
const operator = DEMO_STAFF.find((s) => s.role === 'operator');
console.log(`
Serving ${sites.length} sites and the API on Node ${process.version} (${database.kind === 'pglite' ? `embedded PGlite in ${join(config.dataDir, 'db')}` : 'PostgreSQL'}):
  index of sites   ${server.url}/
${sites.map((s) => `  ${s.brand.padEnd(16)} ${host(s.id)}   (other languages: http://de.${s.id}.localhost:${server.port}/ …)`).join('\n')}
${config.devInbox ? `  dev inbox        ${server.url}/_dev/mail\n` : ''}
${config.demoSeed ? `Demo logins on ${host('default')} (password "${DEMO_PASSWORD}"):\n${DEMO_LOGINS.map((l) => `  ${l.email.padEnd(22)} ${l.description}`).join('\n')}\n` : ''}${moderator && config.demoSeed && !config.production ? `\nReports and moderation (photo queue, reports, complaints): http://staff.localhost:${server.port}/moderation (log in as ${moderator.email}; /moderation on a site leads there)` : ''}
${operator && config.demoSeed && !config.production ? `Chat-pal inbox: http://staff.localhost:${server.port}/chat-pals (log in as ${operator.email}; /operator on a site leads there)` : ''}
${config.demoSeed && !config.production ? `\nBack office: http://staff.localhost:${server.port}/ (password "${DEMO_PASSWORD}", then the TOTP code of the secret in an authenticator app; docs/staff.md):\n${DEMO_STAFF.map((s) => `  ${s.email.padEnd(22)} ${s.role.padEnd(10)} TOTP secret ${s.totpSecret}`).join('\n')}\n` : ''}
${config.payments === 'sandbox' ? 'Payments: the sandbox checkout (test card 4242 4242 4242 4242 pays; docs/payments.md)\n' : ''}`);
