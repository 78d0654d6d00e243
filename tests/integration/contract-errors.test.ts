/**
 * The contract loop of error codes: outside production, route() refuses to answer an error
 * code the endpoint does not declare (so any test that reaches one fails); in production the
 * answer goes out as it is. `fail` only takes the endpoint's codes.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allowsError, defineEndpoint, errorBody } from '#src/contract/define.ts';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { HttpError, errorResponse } from '#src/server/http/errors.ts';
import { UndeclaredErrorCode, route } from '#src/server/http/route.ts';
import { createTestApp, type TestApp } from './harness.ts';

const probe = defineEndpoint({
  method: 'GET',
  path: '/api/probe.php',
  query: z.object({ answer: z.enum(['declared', 'undeclared', 'invalid', 'ok']) }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_found'],
  roles: 'public',
});

/** An app with only the probe, built like createApp's request context and error handling. */
function probeApp(deps: AppDeps, seen: unknown[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('site', null);
    c.set('locale', 'en');
    c.set('domainLocale', 'en');
    c.set('session', null);
    await next();
  });
  route(app, probe, ({ query, fail }) => {
    if (query.answer === 'declared') throw fail('not_found');
    if (query.answer === 'invalid') throw fail('invalid_input', { field: 'answer' });
    // A service deep down may still throw any HttpError: the check is at run time.
    if (query.answer === 'undeclared') throw new HttpError('forbidden', 'api.forbidden', 403);
    return Promise.resolve({ ok: true as const });
  });
  app.onError((error, c) => {
    seen.push(error);
    if (error instanceof HttpError) return errorResponse(c, error);
    return errorResponse(c, new HttpError('internal', 'api.internal', 500));
  });
  return app;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('declared error codes', () => {
  it('answers a declared code and the always-allowed ones', async () => {
    const seen: unknown[] = [];
    const app = probeApp(t.deps, seen);
    const declared = await app.request('/api/probe.php?answer=declared');
    expect(declared.status).toBe(404);
    expect(errorBody.parse(await declared.json()).error.code).toBe('not_found');
    const invalid = await app.request('/api/probe.php?answer=invalid');
    expect(invalid.status).toBe(400);
    expect(errorBody.parse(await invalid.json()).error).toMatchObject({ code: 'invalid_input', field: 'answer' });
    expect((await app.request('/api/probe.php?answer=ok')).status).toBe(200);
    expect(seen.every((error) => !(error instanceof UndeclaredErrorCode))).toBe(true);
  });

  it('turns an undeclared code into a failure outside production', async () => {
    const seen: unknown[] = [];
    const response = await probeApp(t.deps, seen).request('/api/probe.php?answer=undeclared');
    expect(response.status).toBe(500);
    expect(seen[0]).toBeInstanceOf(UndeclaredErrorCode);
    expect(String(seen[0])).toContain("'forbidden'");
  });

  it('lets an undeclared code through in production', async () => {
    const deps = { ...t.deps, config: { ...t.deps.config, production: true } };
    const response = await probeApp(deps, []).request('/api/probe.php?answer=undeclared');
    expect(response.status).toBe(403);
    expect(errorBody.parse(await response.json()).error.code).toBe('forbidden');
  });

  it('allows authentication_required for endpoints with roles, forbidden for staff ones', () => {
    expect(allowsError(probe, 'authentication_required')).toBe(false);
    expect(allowsError({ ...probe, roles: ['member'] }, 'authentication_required')).toBe(true);
    expect(allowsError({ ...probe, roles: ['member'] }, 'forbidden')).toBe(false);
    expect(allowsError({ ...probe, roles: ['moderator', 'admin'] }, 'authentication_required')).toBe(true);
    expect(allowsError({ ...probe, roles: ['moderator', 'admin'] }, 'forbidden')).toBe(true);
    expect(allowsError(probe, 'rate_limited')).toBe(true);
    expect(allowsError(probe, 'forbidden')).toBe(false);
  });

  it('types fail() by the endpoint', () => {
    const app = new Hono<AppEnv>();
    route(app, probe, ({ fail }) => {
      // @ts-expect-error: 'forbidden' is not one of the probe's codes
      if (Math.random() > 2) throw fail('forbidden');
      throw fail('not_found');
    });
    expect(app.routes.some((r) => r.path === probe.path)).toBe(true);
  });
});
