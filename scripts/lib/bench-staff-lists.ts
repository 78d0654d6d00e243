/**
 * npm run bench -- --staff-lists [--staff-lists-members=N] [--staff-lists-database-url=URL]:
 * the back office's members search and orders list at scale (docs/staff.md "The members search
 * and the orders list at scale"), on PostgreSQL only.
 *
 * On the server of URL (or DATABASE_URL, or the local postgres://postgres@127.0.0.1:5432) it
 * creates a database of its own, `bench_staff` (dropped first if a run left it, dropped again at
 * the end), migrates it, and fills N members (default 1,000,000) and 5 orders a member with SQL
 * generate_series (seconds, not the demo seed's hours): names from a list of common first
 * names, seven sites, countries, signups and orders spread over a year in id order, order
 * statuses and methods in shop-like shares. Then `vacuum analyze`, and each case runs 200
 * times (after 20 warm-ups, rotating over its variants) through the real service functions
 * (searchMembers, searchOrders on a pg pool; no HTTP, no staff session). p50/p95 per case; its
 * own section of docs/benchmarks.md, which the other runs keep.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { sites } from '#sites-config';
import { openDatabase, type Database } from '#src/server/db/client.ts';
// The services themselves, as their routes call them (their front doors export the routes only).
// eslint-disable-next-line imports/feature-internals
import { searchMembers } from '#src/server/features/staff/members.ts';
// eslint-disable-next-line imports/feature-internals
import { searchOrders, type OrderFilters } from '#src/server/features/staff-money/orders.ts';
import { seedCompanies, seedSites } from '#src/server/seed/index.ts';

export const STAFF_LISTS_HEADING = '## Staff lists at scale';
const BENCH_DATABASE = 'bench_staff';
const REQUESTS = 200;
const WARM_UP = 20;
const ORDERS_PER_MEMBER = 5;

export interface StaffListsOptions {
  members: number;
  /** Any database URL of the server to use: the bench makes its own database there. */
  serverUrl: string;
  /** --staff-lists-keep: leave the database for EXPLAIN afterwards (drop it by hand). */
  keep: boolean;
}

export function staffListsOptionsFromArgs(argv: readonly string[], env: NodeJS.ProcessEnv): StaffListsOptions {
  const arg = (name: string) =>
    argv
      .find((a) => a.startsWith(`--${name}=`))
      ?.split('=')
      .slice(1)
      .join('=');
  const members = Number(arg('staff-lists-members') ?? 1_000_000);
  if (!Number.isInteger(members) || members < 1_000) throw new Error('--staff-lists-members: at least 1000');
  return {
    members,
    keep: argv.includes('--staff-lists-keep'),
    serverUrl: arg('staff-lists-database-url') ?? env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Common first names of the sites' countries: their two-letter prefixes range from rare to
// middling (an, ma, ja: a few per cent of all names each), like a real member base.
const NAMES = [
  'Anna',
  'Andrea',
  'Andreas',
  'Anja',
  'Angela',
  'Antonia',
  'Anton',
  'Annika',
  'Anke',
  'Andre',
  'Maria',
  'Marie',
  'Martin',
  'Markus',
  'Maximilian',
  'Mara',
  'Marco',
  'Mathilde',
  'Maja',
  'Manuel',
  'Jan',
  'Jana',
  'Jakob',
  'Janine',
  'Jasmin',
  'Jannik',
  'Julia',
  'Julian',
  'Jules',
  'Justus',
  'Elena',
  'Elias',
  'Elisa',
  'Ella',
  'Emma',
  'Emil',
  'Emily',
  'Erik',
  'Eva',
  'Eric',
  'Lena',
  'Leon',
  'Lea',
  'Lisa',
  'Luca',
  'Lukas',
  'Laura',
  'Lara',
  'Louis',
  'Lucie',
  'Sarah',
  'Sophie',
  'Sofia',
  'Simon',
  'Stefan',
  'Sandra',
  'Sabine',
  'Sven',
  'Svenja',
  'Samuel',
  'Tom',
  'Thomas',
  'Tim',
  'Tobias',
  'Theresa',
  'Tina',
  'Tanja',
  'Till',
  'Timo',
  'Tessa',
  'Paul',
  'Paula',
  'Peter',
  'Petra',
  'Philipp',
  'Pia',
  'Pauline',
  'Pascal',
  'Patrick',
  'Pierre',
  'Nina',
  'Niklas',
  'Nico',
  'Nadine',
  'Natalie',
  'Noah',
  'Nora',
  'Nele',
  'Norbert',
  'Nils',
  'Karin',
  'Katrin',
  'Kevin',
  'Klara',
  'Kai',
  'Karl',
  'Katharina',
  'Kim',
  'Konstantin',
  'Kerstin',
  'David',
  'Daniel',
  'Daniela',
  'Dennis',
  'Dominik',
  'Diana',
  'Dirk',
  'Doris',
  'Dana',
  'Dario',
  'Chiara',
  'Christian',
  'Christina',
  'Claudia',
  'Carla',
  'Carolin',
  'Clemens',
  'Celine',
  'Carlos',
  'Camille',
  'Ben',
  'Benjamin',
  'Bernd',
  'Birgit',
  'Bianca',
  'Bruno',
  'Britta',
  'Benedikt',
  'Bettina',
  'Bastian',
  'Felix',
  'Franziska',
  'Florian',
  'Frank',
  'Fabian',
  'Finn',
  'Frieda',
  'Fiona',
  'Franz',
  'Fatima',
  'Hannah',
  'Hanna',
  'Heike',
  'Helena',
  'Henrik',
  'Holger',
  'Hugo',
  'Hans',
  'Helga',
  'Hedda',
  'Greta',
  'Gabriel',
  'Georg',
  'Gerda',
  'Gustav',
  'Gina',
  'Gregor',
  'Gisela',
  'Giulia',
  'Gabriele',
  'Ida',
  'Ines',
  'Isabel',
  'Ingo',
  'Iris',
  'Ivan',
  'Irene',
  'Igor',
  'Ilse',
  'Ivo',
  'Oliver',
  'Olivia',
  'Oskar',
  'Ole',
  'Olga',
  'Otto',
  'Omar',
  'Odette',
  'Oscar',
  'Ophelia',
  'Rafael',
  'Rebecca',
  'Robert',
  'Ronja',
  'Ruth',
  'Rolf',
  'Rosa',
  'Rene',
  'Rita',
  'Ralf',
  'Valentin',
  'Vanessa',
  'Vera',
  'Viktor',
  'Viola',
  'Vincent',
  'Xenia',
  'Yannick',
  'Yvonne',
  'Zoe',
  'Ulrike',
  'Uwe',
  'Ursula',
  'Walter',
  'Wolfgang',
  'Wiebke',
  'Quentin',
  'Zacharias',
  'Zeynep',
  'Yasmin',
];
const COUNTRIES = ['DE', 'DE', 'DE', 'AT', 'CH', 'NL', 'BE', 'FR', 'IT', 'ES', 'PL', 'GB', 'SE', 'DK'];
const MAIL_DOMAINS = ['gmail.com', 'web.de', 'gmx.de', 'outlook.com', 'yahoo.com', 't-online.de', 'icloud.com'];
const DAY_MS = 86_400_000;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]::text[]`);

/** The secondary indexes of a table (not those of its constraints): dropped while filling, built after. */
async function secondaryIndexes(database: Database, table: string): Promise<{ name: string; definition: string }[]> {
  const result = await database.db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = ${table} and indexname not in (select conname from pg_constraint)`,
  );
  return rowsOf<{ name: string; definition: string }>(result);
}

async function fill(database: Database, members: number, log: (line: string) => void): Promise<void> {
  const db = database.db;
  const siteIds = sites.map((s) => s.id);
  await seedCompanies(db);
  await seedSites(db, sites);
  const tables = ['accounts', 'profiles', 'orders'];
  const dropped = (await Promise.all(tables.map((t) => secondaryIndexes(database, t)))).flat();
  for (const index of dropped) await db.execute(sql.raw(`drop index "${index.name}"`));
  const started = performance.now();
  const orderCount = members * ORDERS_PER_MEMBER;
  // Integer hashes of the row number pick names, sites and shares without random(): the same
  // world every run. Ids follow time, as they do in the application.
  const n = sql.raw(String(members));
  await db.transaction(async (tx) => {
    // One connection: no foreign key triggers while filling (all rows are made consistent here).
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
    insert into accounts (id, site_id, email, status, language, credits, paid_user, signup_date, confirmed_at,
                          signup_ip_hash, created_at)
    select g,
           (${textArray(siteIds)})[1 + (g * 7 + g / 13) % ${siteIds.length}],
           lower((${textArray(NAMES)})[1 + (g * 2654435761) % 1000003 % ${NAMES.length}]) || '.' || g || '@' ||
             (${textArray(MAIL_DOMAINS)})[1 + g % ${MAIL_DOMAINS.length}],
           case when g % 50 = 0 then 'banned' when g % 9 = 0 then 'not_confirmed' else 'confirmed' end,
           'en', (g * 37) % 200, g % 4 = 0,
           t, case when g % 9 = 0 then null else t + interval '1 hour' end,
           md5('ip' || (g * 7919) % (${n} / 3 + 1)), t
      from generate_series(1::bigint, ${n}) g,
           lateral (select now() - interval '365 days' + (g::float8 / ${n}) * interval '365 days' as t) tt`);
    await tx.execute(sql`
    insert into profiles (id, public_id, site_id, account_id, type, status, name, gender, seeking, birthdate, country,
                          language, last_active_at, created_at)
    select a.id, 'P' || a.id, a.site_id, a.id, 'member', 'active',
           (${textArray(NAMES)})[1 + (a.id * 2654435761) % 1000003 % ${NAMES.length}],
           case when a.id % 3 = 0 then 'female' else 'male' end,
           case when a.id % 3 = 0 then 'male' else 'female' end,
           (date '1960-01-01' + ((a.id * 101) % 15000)::int),
           (${textArray(COUNTRIES)})[1 + a.id % ${COUNTRIES.length}],
           'en', a.signup_date, a.signup_date
      from accounts a`);
    log(
      `staff lists bench: ${members.toLocaleString('en')} members in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    // Orders: 80 % completed, 6 % failed, 5 % cancelled, 3 % created, 2 % pending, 3.5 % refunded,
    // 0.5 % charged back; methods card 45 %, paypal 25 %, sdd 15 %, sofort 10 %, klarna 5 %.
    await tx.execute(sql`
    insert into orders (id, public_id, account_id, site_id, package_key, credits, country, currency, list_price_minor,
                        amount_minor, method, kind, status, provider, locale, return_url, completed_at, created_at,
                        updated_at)
    select o, upper(to_hex(o * 2654435761 % 4294967291)) || 'X' || to_hex(o), acc,
           (${textArray(siteIds)})[1 + (acc * 7 + acc / 13) % ${siteIds.length}],
           'p' || (o % 4), (array[100, 250, 600, 1500])[1 + o % 4],
           (${textArray(COUNTRIES)})[1 + acc % ${COUNTRIES.length}], 'EUR',
           (array[999, 1999, 3999, 7999])[1 + o % 4], (array[999, 1999, 3999, 7999])[1 + o % 4],
           m, case when m = 'sdd' then 'direct_debit' else 'checkout' end, st,
           case when m = 'sdd' then 'sdd-bank' else 'psp' end, 'en', '/transactions/' || o,
           case when st in ('completed', 'refunded', 'charged_back') then t + interval '1 minute' end, t, t
      from generate_series(1::bigint, ${sql.raw(String(orderCount))}) o,
           lateral (select 1 + (o * 48271) % ${n} as acc,
                           now() - interval '365 days' + (o::float8 / ${sql.raw(String(orderCount))}) * interval '365 days' as t,
                           o * 2654435761 % 1000003 % 1000 as hs, o * 40503 % 999983 % 100 as hm) h,
           lateral (select case when hs < 800 then 'completed' when hs < 860 then 'failed'
                                when hs < 910 then 'cancelled' when hs < 940 then 'created'
                                when hs < 960 then 'pending' when hs < 995 then 'refunded'
                                else 'charged_back' end as st,
                           case when hm < 45 then 'card' when hm < 70 then 'paypal'
                                when hm < 85 then 'sdd' when hm < 95 then 'sofort'
                                else 'klarna' end as m) x`);
  });
  log(
    `staff lists bench: + ${orderCount.toLocaleString('en')} orders, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const index of dropped) await tx.execute(sql.raw(index.definition));
  });
  for (const table of tables) {
    await db.execute(sql.raw(`select setval('${table}_id_seq', (select max(id) from ${table}))`));
  }
  log(`staff lists bench: indexes built, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await db.execute(sql`vacuum analyze accounts`);
  await db.execute(sql`vacuum analyze profiles`);
  await db.execute(sql`vacuum analyze orders`);
  log(`staff lists bench: filled and analyzed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

interface Case {
  list: 'members' | 'orders';
  name: string;
  /** One request of the case (variant i of its rotation). */
  run: (i: number) => Promise<number>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function runStaffListsBench(
  options: StaffListsOptions,
  log: (line: string) => void = console.log,
): Promise<{ rows: string[][]; fillSeconds: number; loadAverage: [number, number] }> {
  const loadBefore = loadavg()[0] ?? 0;
  await onServer(options.serverUrl, `drop database if exists ${BENCH_DATABASE}`);
  await onServer(options.serverUrl, `create database ${BENCH_DATABASE}`);
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(options.serverUrl, BENCH_DATABASE),
    max: 2,
  });
  try {
    await database.migrate();
    const started = performance.now();
    await fill(database, options.members, log);
    const fillSeconds = (performance.now() - started) / 1000;
    const db = database.db;
    const members = options.members;
    const orderCount = members * ORDERS_PER_MEMBER;
    const pick = (i: number, mod: number) => 1 + ((i * 2_654_435_761) % mod);
    const namePrefixes = ['an', 'ma', 'ja', 'el', 'la', 'sa', 'ka', 'da'];
    const mailPrefixes = ['anna.1', 'lukas.2', 'maria.3', 'jan.4', 'emma.5', 'felix.6', 'zoe.7', 'tom.8'];
    const statuses: NonNullable<OrderFilters['status']>[] = ['completed', 'failed', 'refunded', 'pending'];
    const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
    const oneDay = (i: number) => {
      const day = dayAgo(295 + (i % 10));
      return { from: day, to: day };
    };
    // The next pages start from the first pages' cursors, found before the timing.
    const nameCursors = await Promise.all(namePrefixes.map(async (q) => (await searchMembers(db, { q })).next));
    const dayCursors = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await searchOrders(db, oneDay(i))).next),
    );
    const ipHashes = rowsOf<{ h: string }>(
      await db.execute(sql`select md5('ip' || (g * 2654435761 % ${members} * 7919) % (${members} / 3 + 1)) as h
              from generate_series(1::bigint, 50) g`),
    ).map((r) => r.h);
    const [prefixMatches] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from profiles where lower(name) collate "C" like 'an%'`),
    );
    const [debits] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from orders where status = 'charged_back' and method = 'sdd'`),
    );
    const cases: Case[] = [
      {
        list: 'members',
        name: 'no filter (newest first)',
        run: async () => (await searchMembers(db, {})).members.length,
      },
      {
        list: 'members',
        name: 'e-mail prefix (`anna.1`, …)',
        run: async (i) => (await searchMembers(db, { q: mailPrefixes[i % mailPrefixes.length] })).members.length,
      },
      {
        list: 'members',
        name: `name prefix (\`an\`: ${(prefixMatches?.n ?? 0).toLocaleString('en')} matches; \`ma\`, \`ja\`, …)`,
        run: async (i) => (await searchMembers(db, { q: namePrefixes[i % namePrefixes.length] })).members.length,
      },
      {
        list: 'members',
        name: 'name prefix, next page',
        run: async (i) => {
          const k = i % namePrefixes.length;
          return (await searchMembers(db, { q: namePrefixes[k], after: nameCursors[k] ?? undefined })).members.length;
        },
      },
      {
        list: 'members',
        name: 'id',
        run: async (i) => (await searchMembers(db, { q: String(pick(i, members)) })).members.length,
      },
      {
        list: 'members',
        name: 'IP hash (signups only: no sessions in this world)',
        run: async (i) => (await searchMembers(db, { q: ipHashes[i % ipHashes.length] })).members.length,
      },
      { list: 'orders', name: 'no filter (newest first)', run: async () => (await searchOrders(db, {})).orders.length },
      {
        list: 'orders',
        name: 'by status (completed, failed, refunded, pending)',
        run: async (i) => (await searchOrders(db, { status: statuses[i % statuses.length] })).orders.length,
      },
      {
        list: 'orders',
        name: 'one day, 295–304 days ago',
        run: async (i) => (await searchOrders(db, oneDay(i))).orders.length,
      },
      {
        list: 'orders',
        name: 'one day, next page',
        run: async (i) =>
          (await searchOrders(db, { ...oneDay(i), after: dayCursors[i % 10] ?? undefined })).orders.length,
      },
      {
        list: 'orders',
        name: `returned direct debits (sdd, charged back: ${(debits?.n ?? 0).toLocaleString('en')})`,
        run: async () => (await searchOrders(db, { status: 'charged_back', method: 'sdd' })).orders.length,
      },
      {
        list: 'orders',
        name: "a member's orders (by member id)",
        run: async (i) => (await searchOrders(db, { member: String(pick(i, members)) })).orders.length,
      },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      for (let i = 0; i < WARM_UP; i += 1) await c.run(i + 1_000);
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const t0 = performance.now();
        found += await c.run(i);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const row = [
        c.list,
        c.name,
        String(REQUESTS),
        (found / REQUESTS).toFixed(1),
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
        percentile(times, 95) <= 50 ? 'yes' : 'no',
      ];
      rows.push(row);
      log(`| ${row.join(' | ')} |`);
    }
    log(`staff lists bench: ${orderCount.toLocaleString('en')} orders`);
    return { rows, fillSeconds, loadAverage: [loadBefore, loadavg()[0] ?? 0] };
  } finally {
    await database.close();
    if (!options.keep) await onServer(options.serverUrl, `drop database if exists ${BENCH_DATABASE}`);
  }
}

const HEADER = ['list', 'case', 'requests', 'rows a page (mean)', 'p50 ms', 'p95 ms', 'p95 ≤ 50 ms'];

export function staffListsTable(rows: string[][]): string {
  return [HEADER, HEADER.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** The staff lists section of docs/benchmarks.md ('' when it has none): its heading up to the next. */
export function staffListsSectionOf(doc: string): string {
  const start = doc.indexOf(`\n${STAFF_LISTS_HEADING}\n`);
  if (start < 0) return '';
  const next = doc.indexOf('\n## ', start + 1);
  return doc.slice(start + 1, next < 0 ? undefined : next).trimEnd();
}

/** Writes the rows as the staff lists section of the document (replaced in place, or added last). */
export function writeStaffListsSection(
  docPath: string,
  result: { rows: string[][]; fillSeconds: number; loadAverage: [number, number] },
  options: StaffListsOptions,
): void {
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  const text = `${STAFF_LISTS_HEADING}

Written by \`npm run bench -- --staff-lists\` (scripts/lib/bench-staff-lists.ts) on ${new Date().toISOString().slice(0, 10)}: the back
office's members search and orders list (docs/staff.md "The members search and the orders list at scale")
on PostgreSQL, ${options.members.toLocaleString('en')} members on seven sites and ${(options.members * ORDERS_PER_MEMBER).toLocaleString('en')} orders over a year, filled with
\`generate_series\` in ${result.fillSeconds.toFixed(0)} s (indexes built after), then \`vacuum analyze\`. Each case: ${REQUESTS} requests after ${WARM_UP}
warm-ups, sequential, through the service functions \`searchMembers\` and \`searchOrders\` on a pg pool (no HTTP,
no staff session check), rotating over the variants named. A page is 25 members or 50 orders.

${staffListsTable(result.rows)}

Other work shared the machine during the run: load average ${result.loadAverage[0].toFixed(2)} (1 min) when it began,
${result.loadAverage[1].toFixed(2)} when it ended (2 cores: above 2, processes were waiting for a core).
`;
  const section = staffListsSectionOf(doc);
  const next = section ? doc.slice(doc.indexOf(section) + section.length).trim() : '';
  const before = section ? doc.slice(0, doc.indexOf(section)).trimEnd() : doc.trimEnd();
  writeFileSync(docPath, `${before}\n\n${text}${next ? `\n${next}\n` : ''}`);
}
