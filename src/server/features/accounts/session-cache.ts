/**
 * Live sessions kept in memory with their account's current-user columns, on PGlite only:
 * a request with a known session cookie, and user.php built from it, then run no statement.
 *
 * Why PGlite only: an embedded database belongs to one process, and PGlite hears a NOTIFY of
 * its own session before the statement that caused it returns. So when triggers on the four
 * tables the session read joins (sessions, accounts, profiles, photos) notify the account at
 * every change, whoever wrote it (the app, a job, a seed, an operator's SQL), the copy is
 * dropped before the writer's request goes on, and no later request can see it. PostgreSQL
 * serves several processes, hears a notification only some milliseconds after the commit
 * (a member could see the balance before their purchase), and takes a lock for the whole
 * database at each commit that notifies: with a notify on every debit, sends would wait on
 * each other. There the session read stays one prepared statement (docs/decisions.md
 * "Throughput under load").
 *
 * Reads racing writes: a read that started before a change may return the row from before
 * it. Every notification bumps a generation, and a row is kept only when no notification
 * came between the start of its read and its end. While the triggers and the listener are
 * not in place (starting, or failed), nothing is kept and every session is read.
 */
import type { Database } from '#src/server/db/client.ts';
import { pgliteOf } from '#src/server/db/client.ts';
import type { CurrentUserRow } from './current-user.ts';

/** The channel the triggers notify: an account's id, or `*` after a TRUNCATE. */
export const SESSION_ACCOUNTS_CHANNEL = 'session_accounts';

/** Sessions kept at once; the least recently used go first. */
export const MAX_CACHED_SESSIONS = 10_000;

/**
 * The triggers (PGlite only; kept out of the migrations so that PostgreSQL never runs them).
 * Every statement is idempotent: they run each time a server opens the database.
 */
const TRIGGERS_SQL = `
CREATE OR REPLACE FUNCTION notify_session_accounts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('${SESSION_ACCOUNTS_CHANNEL}', '*');
  ELSIF TG_TABLE_NAME = 'accounts' THEN
    PERFORM pg_notify('${SESSION_ACCOUNTS_CHANNEL}', OLD.id::text);
  ELSIF TG_TABLE_NAME = 'photos' THEN
    PERFORM pg_notify('${SESSION_ACCOUNTS_CHANNEL}', p.account_id::text)
      FROM profiles p WHERE p.main_photo_id = OLD.id;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('${SESSION_ACCOUNTS_CHANNEL}', OLD.account_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('${SESSION_ACCOUNTS_CHANNEL}', NEW.account_id::text); END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER accounts_notify_sessions AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_session_accounts();
CREATE OR REPLACE TRIGGER sessions_notify_sessions AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_accounts();
CREATE OR REPLACE TRIGGER profiles_notify_sessions AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION notify_session_accounts();
CREATE OR REPLACE TRIGGER photos_notify_sessions AFTER UPDATE OR DELETE ON photos
  FOR EACH ROW EXECUTE FUNCTION notify_session_accounts();
CREATE OR REPLACE TRIGGER accounts_truncate_notify_sessions AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_accounts();
CREATE OR REPLACE TRIGGER sessions_truncate_notify_sessions AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_accounts();
CREATE OR REPLACE TRIGGER profiles_truncate_notify_sessions AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_accounts();
CREATE OR REPLACE TRIGGER photos_truncate_notify_sessions AFTER TRUNCATE ON photos
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_accounts();
`;

/** A live session as read from the database (features/accounts/sessions.ts). */
export interface SessionRow {
  sessionId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  account: CurrentUserRow;
}

export class SessionCache {
  /** By token hash, least recently used first. */
  readonly #rows = new Map<string, SessionRow>();
  /** The token hashes kept for each account. */
  readonly #byAccount = new Map<number, Set<string>>();
  #generation = 0;
  #listening = false;
  /** Resolves once the triggers and the listener are in place (or failed: then nothing is kept). */
  readonly ready: Promise<void>;

  /** Installs the triggers and listens; until both are done, nothing is kept. */
  constructor(database: Database) {
    const client = pgliteOf(database);
    if (!client) throw new Error('SessionCache: PGlite only');
    this.ready = client
      .exec(TRIGGERS_SQL)
      .then(() =>
        database.listen(SESSION_ACCOUNTS_CHANNEL, {
          notify: (payload) => this.#changed(payload),
          reset: (listening) => {
            this.#listening = listening;
            this.#changed('*');
          },
        }),
      )
      .catch((error: unknown) => {
        console.error('[session] change triggers failed; sessions are read uncached:', error);
      });
  }

  /** A number that changes at every notification: take it before a read, give it to `keep`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#rows.size;
  }

  /** The session kept under this token hash, if any (it becomes the most recently used). */
  get(tokenHash: string): SessionRow | undefined {
    const row = this.#rows.get(tokenHash);
    if (row) {
      this.#rows.delete(tokenHash);
      this.#rows.set(tokenHash, row);
    }
    return row;
  }

  /** Keeps a session read from the database, unless a change was heard since `generation`. */
  keep(tokenHash: string, row: SessionRow, generation: number): void {
    if (!this.#listening || generation !== this.#generation) return;
    this.#forget(tokenHash);
    this.#rows.set(tokenHash, row);
    const accountId = row.account.id;
    let tokens = this.#byAccount.get(accountId);
    if (!tokens) {
      tokens = new Set();
      this.#byAccount.set(accountId, tokens);
    }
    tokens.add(tokenHash);
    if (this.#rows.size > MAX_CACHED_SESSIONS) {
      const oldest = this.#rows.keys().next().value;
      if (oldest !== undefined) this.#forget(oldest);
    }
  }

  #forget(tokenHash: string): void {
    const row = this.#rows.get(tokenHash);
    if (!row) return;
    this.#rows.delete(tokenHash);
    const tokens = this.#byAccount.get(row.account.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#byAccount.delete(row.account.id);
  }

  /** A notification: one account's sessions go (all of them for `*`). */
  #changed(payload: string): void {
    this.#generation += 1;
    const accountId = Number(payload);
    if (payload === '*' || !Number.isSafeInteger(accountId)) {
      this.#rows.clear();
      this.#byAccount.clear();
      return;
    }
    for (const tokenHash of this.#byAccount.get(accountId) ?? []) this.#rows.delete(tokenHash);
    this.#byAccount.delete(accountId);
  }
}

const caches = new WeakMap<Database, SessionCache | null>();

/** The session cache of a database (made, and its triggers installed, on first use); null on PostgreSQL. */
export function sessionCache(database: Database): SessionCache | null {
  let cache = caches.get(database);
  if (cache === undefined) {
    cache = database.kind === 'pglite' ? new SessionCache(database) : null;
    caches.set(database, cache);
  }
  return cache;
}
