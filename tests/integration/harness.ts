/**
 * The integration test harness: the real Hono app in-process (no port), composed as the
 * server composes it (`composeApp`) from a test Config (temporary DATA_DIR and SITES_DIR: the
 * outbox mail provider and the photo files there, the demo webcam feed) and a fixed clock.
 *
 * Database: PGlite in memory, started from a migrated snapshot (`dumpDataDir`), so a test
 * file pays ~0.4 s instead of initdb plus migrations. The snapshot is made once and kept in
 * the OS temp folder under a hash of the migrations and the PGlite version (a changed
 * migration makes a new one). With TEST_DATABASE_URL set, each test app gets its own
 * freshly created and migrated database on that PostgreSQL server, dropped on close, so
 * parallel workers never meet. (A schema per file does not work: drizzle-kit writes
 * foreign keys as "public"."table", and the migrations journal lives in one shared schema.)
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pg from 'pg';
import { z } from 'zod';
import { allowsError, errorBody, type Endpoint, type EndpointError, type ErrorBody } from '#src/contract/define.ts';
import { sites } from '#sites-config';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { composeApp } from '#src/server/app.ts';
import { MIGRATIONS_DIR, openDatabase, pgliteOf, type Database, type Db } from '#src/server/db/client.ts';
import { loadConfig, type Config } from '#src/server/env.ts';
import { PHOTO_VARIANTS, photoFileName } from '#src/server/features/photos/files.ts';
import { createSession } from '#src/server/features/accounts/sessions.ts';
import { notificationMailsSettled } from '#src/server/features/notifications/sender.ts';
import { photoStorageDir } from '#src/server/providers/storage/index.ts';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import type { MailProvider } from '#src/server/providers/mail/types.ts';
import { createMember, regionIds, seedReferenceData, type NewMember } from '#src/server/seed/index.ts';

/** The clock of every test app: a fixed moment. */
export const FIXED_NOW = new Date('2025-06-01T12:00:00.000Z');

export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'];

export interface TestRequestInit {
  method?: string;
  /** The Host header: which site and domain language the request is for. */
  host?: string;
  /** A JSON body (sets Content-Type: application/json). */
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** The session token of createSession / login(). */
  session?: string;
  /** Extra cookies, e.g. { locale: 'fr' }. */
  cookies?: Record<string, string>;
}

export interface TestApp {
  app: Hono<AppEnv>;
  /** The services the app was composed from (after `options.deps`). */
  deps: AppDeps;
  database: Database;
  db: Db;
  config: Config;
  mail: MailProvider;
  /** Advances the clock of this app (the app, the mail provider and sessions read it). */
  clock: { now: Date };
  request(path: string, init?: TestRequestInit): Promise<Response>;
  /** A session token for an account, for `request(..., { session })`. */
  login(accountId: number): Promise<string>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- database

const SNAPSHOT_PREFIX = 'flirt-pglite-migrated-';
let snapshot: Promise<Uint8Array<ArrayBuffer>> | null = null;

function migrationsHash(): string {
  const hash = createHash('sha256');
  const version = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as {
    version: string;
  };
  hash.update(version.version);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else hash.update(name.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated empty database as a gzipped tar, made once and cached on disk. */
function migratedSnapshot(): Promise<Uint8Array<ArrayBuffer>> {
  snapshot ??= (async () => {
    const file = join(tmpdir(), `${SNAPSHOT_PREFIX}${migrationsHash()}.tar`);
    if (existsSync(file)) return new Uint8Array(await readFile(file));
    const fresh = await openDatabase({ kind: 'pglite' });
    await fresh.migrate();
    const client = pgliteOf(fresh);
    if (!client) throw new Error('not a PGlite database');
    const dump = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    await fresh.close();
    // Parallel workers may race here: each writes its own file and renames it into place.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temporary, dump);
    await rename(temporary, file);
    // Snapshots of older migration sets are of no use any more.
    for (const name of readdirSync(tmpdir())) {
      if (name.startsWith(SNAPSHOT_PREFIX) && name.endsWith('.tar') && join(tmpdir(), name) !== file) {
        await rm(join(tmpdir(), name), { force: true });
      }
    }
    return dump;
  })();
  return snapshot;
}

async function openPglite(): Promise<Database> {
  const dump = await migratedSnapshot();
  return openDatabase({ kind: 'pglite', loadDataDir: new File([dump], 'pgdata.tar', { type: 'application/x-tar' }) });
}

async function openPostgres(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), max: 4 });
  // An idle pooled connection that the server drops emits 'error' on the pool; unheard, it
  // would crash the worker instead of showing what happened.
  (database.db as unknown as { $client: pg.Pool }).$client.on('error', (error) => {
    console.error(`[test database ${name}] idle connection error:`, error);
  });
  await database.migrate();
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

// ---------------------------------------------------------------- app

export interface TestAppOptions {
  /** Replace services, e.g. a failing database for the 500 test. */
  deps?: (deps: AppDeps) => AppDeps;
  /** NODE_ENV of the test config (default 'test'). */
  env?: 'test' | 'production' | 'development';
  /** More environment variables of the test config (e.g. PUSH_TEST_HOSTS). */
  vars?: Record<string, string>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'flirt-data-'));
  const sitesDir = await mkdtemp(join(tmpdir(), 'flirt-sites-'));
  const env = options.env ?? 'test';
  // Outside production the tests read mails and SMS codes from the dev inbox, as `npm start` does.
  const devInbox = env === 'production' ? {} : { DEV_INBOX: '1' };
  const config = loadConfig({ NODE_ENV: env, DATA_DIR: dataDir, SITES_DIR: sitesDir, ...devInbox, ...options.vars });
  const opened = TEST_DATABASE_URL
    ? await openPostgres(TEST_DATABASE_URL)
    : { database: await openPglite(), drop: async () => {} };
  const { database } = opened;
  const clock = { now: new Date(FIXED_NOW) };
  const now = () => new Date(clock.now);
  const { app, deps } = composeApp(config, database, { now, ...(options.deps ? { override: options.deps } : {}) });
  const { mail } = deps;

  return {
    app,
    deps,
    database,
    db: database.db,
    config,
    mail,
    clock,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('host', init.host ?? 'default.localhost');
      if (!headers.has('accept')) headers.set('accept', 'application/json, text/plain, */*');
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers.set('content-type', 'application/json');
      }
      const cookies = { ...init.cookies, ...(init.session ? { [AUTH_COOKIE_NAME]: init.session } : {}) };
      const cookie = Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
      if (cookie) headers.set('cookie', cookie);
      return app.request(path, { method: init.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}) });
    },
    login: (accountId) => createSession(database.db, accountId, now()),
    async close() {
      // Notification mails go out in the background: let them finish before the folders go.
      await notificationMailsSettled();
      await database.close();
      await opened.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(sitesDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- fixtures

/** Companies, sites, regions, interests and message costs, as every start writes them. */
export async function seedSiteData(t: TestApp): Promise<void> {
  await seedReferenceData(t.db, sites);
}

let memberCounter = 0;

/** A confirmed member (no password) on a site; answers its ids. */
export async function createTestMember(t: TestApp, overrides: Partial<NewMember> = {}) {
  memberCounter += 1;
  const regions = await regionIds(t.db, ['NL']);
  return createMember(t.db, {
    siteId: 'default',
    email: `member${memberCounter}.${randomBytes(3).toString('hex')}@example.test`,
    name: `Member${memberCounter}`,
    gender: 'female',
    seeking: 'male',
    birthdate: '1980-04-12',
    country: 'NL',
    regionId: regions.get('NL:NH') ?? null,
    city: 'Amsterdam',
    now: t.clock.now,
    ...overrides,
  });
}

let photoFileCounter = 0;

/**
 * Writes the four stored files of a photo (full, thumb, match, blur) with recognizable
 * contents ("<key>:<variant>") and answers the storage key, for createTestMember's photos.
 */
export async function writeTestPhotoFiles(t: TestApp): Promise<string> {
  photoFileCounter += 1;
  const key = `testphoto${process.pid}x${photoFileCounter}`.padEnd(12, '0');
  const dir = photoStorageDir(t.config);
  await mkdir(dir, { recursive: true });
  for (const variant of PHOTO_VARIANTS) await writeFile(join(dir, photoFileName(key, variant)), `${key}:${variant}`);
  return key;
}

/** Reads a JSON answer. */
export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

// ---------------------------------------------------------------- contract calls

export interface CallInit<E extends Endpoint> {
  query?: z.input<E['query']>;
  body?: z.input<E['body']>;
  /** The session token of createSession / login(). */
  session?: string;
  /** The Host header (default 'default.localhost'). */
  host?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

/** An error answer, parsed with the contract's errorBody. */
export interface CallFailure<Code extends string> {
  status: number;
  code: Code;
  message: string;
  field?: string;
  headers: Headers;
}

/** A call answered an error where the test expected success (or the other way round). */
export class UnexpectedAnswer extends Error {
  constructor(
    endpoint: Endpoint,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${endpoint.method} ${endpoint.path} answered ${status}: ${body.slice(0, 300)}`);
    this.name = 'UnexpectedAnswer';
  }
}

/** The raw answer of a contract call: the query in the URL, the body as JSON. */
export function send<E extends Endpoint>(t: TestApp, endpoint: E, init: CallInit<E> = {}): Promise<Response> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        params.append(key, String(item));
      }
    }
  }
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return t.request(`${endpoint.path}${search}`, {
    method: endpoint.method,
    ...(endpoint.method !== 'GET' ? { json: init.body ?? {} } : {}),
    ...(init.session ? { session: init.session } : {}),
    ...(init.host ? { host: init.host } : {}),
    ...(init.cookies ? { cookies: init.cookies } : {}),
    ...(init.headers ? { headers: init.headers } : {}),
  });
}

/** The contract's error body without room for anything else (a stack, internals). */
const exactErrorBody = z.strictObject({ error: z.strictObject(errorBody.shape.error.shape) });

/** A raw error answer, parsed with the contract's errorBody (nothing else may be in it). */
export async function errorAnswerOf(response: Response): Promise<ErrorBody> {
  return exactErrorBody.parse(await response.json());
}

/** A raw successful answer, parsed with the endpoint's response schema. */
export async function answerOf<E extends Endpoint>(endpoint: E, response: Response): Promise<z.output<E['response']>> {
  return z.parse(endpoint.response, await response.json()) as z.output<E['response']>;
}

/** Calls an endpoint that must succeed: its answer parsed with the endpoint's response schema. */
export async function call<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  init: CallInit<E> = {},
): Promise<z.output<E['response']>> {
  const response = await send(t, endpoint, init);
  const text = await response.text();
  if (!response.ok) throw new UnexpectedAnswer(endpoint, response.status, text);
  return z.parse(endpoint.response, JSON.parse(text)) as z.output<E['response']>;
}

/** Calls an endpoint that must fail: the error answer, its code one of the endpoint's. */
export async function callError<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  init: CallInit<E> = {},
): Promise<CallFailure<EndpointError<E>>> {
  const response = await send(t, endpoint, init);
  const text = await response.text();
  if (response.ok) throw new UnexpectedAnswer(endpoint, response.status, text);
  const { error } = exactErrorBody.parse(JSON.parse(text));
  if (!allowsError(endpoint, error.code)) throw new UnexpectedAnswer(endpoint, response.status, text);
  return {
    status: response.status,
    code: error.code as EndpointError<E>,
    message: error.message,
    ...(error.field !== undefined ? { field: error.field } : {}),
    headers: response.headers,
  };
}
