/**
 * npm run dev [-- --site default --locale nl]: development of one (site, locale) variant.
 * Starts the API server (embedded database, seeded when empty) on PORT+1 and `astro dev`
 * for that variant on PORT with hot reload, prefix-free paths and /api proxied.
 */
import './lib/runtime.ts';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { siteById } from '#sites-config';
import { isLocale } from '#src/lib/locales.ts';
import { loadConfig, localDemoEnv } from '#src/server/env.ts';
import { openConfiguredDatabase, startServer } from '#src/server/main.ts';
import { seedIfEmpty } from '#src/server/seed/index.ts';

const { values } = parseArgs({
  options: { site: { type: 'string', default: 'default' }, locale: { type: 'string', default: 'en' } },
});
const site = siteById(values.site);
if (!site) throw new Error(`Unknown site "${values.site}" (see sites.config.ts)`);
if (!isLocale(values.locale)) throw new Error(`Unknown locale "${values.locale}"`);

const base = loadConfig(localDemoEnv());
const config = { ...base, port: base.port + 1 };
const database = await openConfiguredDatabase(config);
await seedIfEmpty(database, config);
const api = await startServer(config, database);

const root = resolve(import.meta.dirname, '..');
const astro = spawn(process.execPath, [resolve(root, 'node_modules/.bin/astro'), 'dev', '--port', String(base.port)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DEV_SITE: site.id,
    DEV_LOCALE: values.locale,
    DEV_API: api.url,
    BUILD_SITES: site.id,
    BUILD_LOCALES: values.locale,
  },
});
console.log(`Developing ${site.brand} (${values.locale}) on http://localhost:${base.port}/ — API on ${api.url}`);
astro.on('exit', (code) => {
  void api.close().then(() => process.exit(code ?? 0));
});
