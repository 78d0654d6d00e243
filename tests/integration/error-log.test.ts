/**
 * The operators' log (JSON lines) of an unexpected error holds the method and path, never the query string
 * nor the values a failed SQL query was sent with (e-mail addresses, token hashes).
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/server/db/client.ts';
import { describeError } from '#src/server/http/error-log.ts';
import { logTo } from '#src/server/platform/log.ts';
import { createTestApp, type TestApp } from './harness.ts';

const EMAIL = 'victim@example.test';
const HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

let t: TestApp;
beforeAll(async () => {
  // Every query fails as PostgreSQL refuses a value, with the bind values drizzle reports.
  const failing = new Proxy(Object.create(null) as object, {
    get() {
      const cause = Object.assign(new Error(`invalid input syntax for type bigint: "${EMAIL}"`), { code: '22P02' });
      throw new DrizzleQueryError(
        'select "id" from "accounts" where "email" = $1 and "hash" = $2',
        [EMAIL, HASH],
        cause,
      );
    },
  }) as Db;
  t = await createTestApp({ deps: (deps) => ({ ...deps, database: { ...deps.database, db: failing } }) });
});
afterAll(() => t.close());

describe('the error log', () => {
  it('names method and path with the SQL reason, without query string or bind values', async () => {
    const lines: string[] = [];
    const restore = logTo({ write: (line: string) => lines.push(line) });
    try {
      const response = await t.request(`/api/settings.php?email=${encodeURIComponent(EMAIL)}&hash=${HASH}`);
      expect(response.status).toBe(500);
      const logged = lines.join('\n');
      const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l['area'] === 'api');
      expect(failure).toMatchObject({ level: 'error', method: 'GET', path: '/api/settings.php' });
      expect(logged).toContain('invalid input syntax for type bigint');
      expect(logged).toContain('22P02');
      expect(logged).not.toContain(EMAIL);
      expect(logged).not.toContain(HASH);
      expect(logged).not.toContain('?');
    } finally {
      restore();
    }
  });

  it('describes other errors by name and message with their stack frames', () => {
    const text = describeError(new TypeError('x is not a function'));
    expect(text).toMatch(/^TypeError: x is not a function\n\s+at /);
  });
});
