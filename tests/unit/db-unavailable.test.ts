/**
 * Which errors mean "the database cannot be reached now" (503 unavailable with Retry-After;
 * src/server/platform/unavailable.ts, docs/operations.md "Faults"), and which remain bugs
 * (500). The whole outage is proven against a stopped PostgreSQL in
 * tests/integration/fault-database.test.ts.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#src/server/platform/unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle wraps what node-postgres threw. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it('is true for a server that is away, however deep the cause', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(withCode('terminating connection due to administrator command', '57P01'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('is false for errors that are bugs or answers of their own', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('duplicate key value violates unique constraint', '23505')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(withCode('deadlock detected', '40P01')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
