/** An internal failure answers a translated 500 without internals; operators get the log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '#src/i18n/index.ts';
import type { Db } from '#src/server/db/client.ts';
import { logTo } from '#src/server/platform/log.ts';
import { createTestApp, type TestApp, errorAnswerOf } from './harness.ts';

const SECRET = 'connection to db-internal.example:5432 refused';

let t: TestApp;
beforeAll(async () => {
  // Every query fails the way a lost database connection does.
  const failing = new Proxy(Object.create(null) as object, {
    get() {
      throw new Error(SECRET);
    },
  }) as Db;
  t = await createTestApp({ deps: (deps) => ({ ...deps, database: { ...deps.database, db: failing } }) });
});
afterAll(() => t.close());

describe('an internal error', () => {
  it('answers 500 internal in the request language, without message or stack', async () => {
    const lines: string[] = [];
    const restore = logTo({ write: (line: string) => lines.push(line) });
    try {
      const response = await t.request('/api/settings.php', { host: 'flirtmoment.de' });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: catalogues.de.api.internal } });
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/at .*\.ts:\d+/);
      expect(lines.join('\n')).toContain('"path":"/api/settings.php"');
    } finally {
      restore();
    }
  });

  it('still answers 403 before touching the database for a logged-out user.php', async () => {
    const response = await t.request('/api/user.php');
    expect(response.status).toBe(403);
    expect((await errorAnswerOf(response)).error.code).toBe('authentication_required');
  });
});
