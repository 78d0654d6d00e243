/**
 * In-memory copies of the site data every page view reads (site rows and settings, company
 * info, message costs, interests, regions) and of the finished answers of settings.php,
 * companyinfo.php, interests.php and regions.php, one set per opened database.
 *
 * Invalidation: triggers on those tables (migration 0016_site_data_notify) NOTIFY the
 * channel `site_data` at each commit, whoever wrote (the app, a seed, an operator's SQL);
 * every API process LISTENs on its database and drops all copies when it hears one. On
 * PGlite (one process) that happens before the writing statement returns; on PostgreSQL,
 * a few milliseconds after the commit, in every process. While the listener is not in
 * place (starting, or its connection lost) nothing is served from memory: reads go to the
 * database, so a missed notification never leaves a stale copy.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Database, Db } from '#src/server/db/client.ts';

/** The channel the triggers notify. */
export const SITE_DATA_CHANNEL = 'site_data';

/** More distinct answers than this (hosts × locales × countries) and the answers start over. */
const MAX_ANSWERS = 5_000;

/** Answers at least this long are kept compressed too (regions, settings, interests). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A finished JSON answer: its bytes (written as they are, not encoded again per request),
 * its entity tag, and for longer answers the same bytes compressed with brotli and gzip.
 */
export interface CachedAnswer {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The bytes in an ArrayBuffer of their own (a Buffer may share a pool with others). */
function ownBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  return bytes;
}

async function finishedAnswer(body: string): Promise<CachedAnswer> {
  const bytes = ownBytes(Buffer.from(body, 'utf8'));
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  if (bytes.byteLength < COMPRESS_FROM_BYTES) return { bytes, etag };
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipped(bytes, { level: 9 }),
  ]);
  return { bytes, etag, br: ownBytes(br), gzip: ownBytes(gz) };
}

export class SiteDataCache {
  readonly #values = new Map<string, Promise<unknown>>();
  readonly #answers = new Map<string, Promise<CachedAnswer>>();
  #listening = false;
  readonly #ready: Promise<void>;
  #waiting: (() => void)[] = [];

  constructor(database: Database) {
    this.#ready = database
      .listen(SITE_DATA_CHANNEL, {
        notify: () => this.clear(),
        reset: (listening) => {
          this.#listening = listening;
          this.clear();
        },
      })
      .catch((error: unknown) => {
        console.error('[site] LISTEN site_data failed; site data is read uncached:', error);
      });
  }

  #isListening(): boolean {
    return this.#listening;
  }

  /** Drops every copy (a notification, or the listener came or went). */
  clear(): void {
    this.#values.clear();
    this.#answers.clear();
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }

  /**
   * Resolves when the copies are next dropped: ask before a write, await after it, and the
   * next read sees the write (an operator tool, a test changing settings in the database).
   */
  nextChange(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** The value under `key`, loaded once until the data changes. */
  async value<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.#cached(this.#values, key, load) as Promise<T>;
  }

  /** A JSON answer under `key`: `build` makes the (validated) body once until the data changes. */
  async answer(key: string, build: () => Promise<string>): Promise<CachedAnswer> {
    if (this.#answers.size >= MAX_ANSWERS) this.#answers.clear();
    return this.#cached(this.#answers, key, async () => finishedAnswer(await build()));
  }

  async #cached<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.#isListening()) {
      await this.#ready;
      if (!this.#isListening()) return load();
    }
    let entry = map.get(key);
    if (!entry) {
      const loading = load();
      entry = loading;
      map.set(key, loading);
      // A failed load (unknown site, database down) is not kept.
      loading.catch(() => {
        if (map.get(key) === loading) map.delete(key);
      });
    }
    return entry;
  }
}

const byDatabase = new WeakMap<Database, SiteDataCache>();
const byDb = new WeakMap<Db, SiteDataCache>();

/** The cache of a database, made (and its listener started) on first use. */
export function siteData(database: Database): SiteDataCache {
  let cache = byDatabase.get(database);
  if (!cache) {
    cache = new SiteDataCache(database);
    byDatabase.set(database, cache);
    byDb.set(database.db, cache);
  }
  return cache;
}

/**
 * The cache of a database handle when its app made one (null inside a transaction, or for
 * a handle no app serves): site reads of other features go through it when they can.
 */
export function siteDataOf(db: Db): SiteDataCache | null {
  return byDb.get(db) ?? null;
}

/** Whether an If-None-Match header names this entity tag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
