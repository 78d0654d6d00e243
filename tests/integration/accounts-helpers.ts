/** Shared helpers of the accounts-*.test.ts files. */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { postSignup, type AccountError } from '#src/contract/accounts.ts';
import type { ErrorBody } from '#src/contract/define.ts';
import { catalogues } from '#src/i18n/index.ts';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { sites } from '#src/server/db/schema.ts';
import { siteData } from '#src/server/features/site/cache.ts';
import type { SentMail } from '#src/server/providers/mail/types.ts';
import { answerOf, createTestApp, errorAnswerOf, seedSiteData, type TestApp, type TestRequestInit } from './harness.ts';

export const PASSWORD = 'Velvet-Harbor-2931';

/** A test app behind a trusted proxy (so each request can have its own client IP), seeded. */
export async function accountsApp(): Promise<TestApp> {
  const t = await createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, trustProxy: true } }) });
  await seedSiteData(t);
  return t;
}

let ipCounter = 0;
/** A fresh client IP per call, so per-IP limits do not couple unrelated tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A request with its own client IP unless the test names one. */
export function call(t: TestApp, path: string, init: TestRequestInit & { ip?: string } = {}): Promise<Response> {
  const { ip, ...rest } = init;
  return t.request(path, { ...rest, headers: { 'x-forwarded-for': ip ?? freshIp(), ...rest.headers } });
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'member'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export function signupInput(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    name: 'Sunny',
    password: PASSWORD,
    date_of_birth: '1990-05-17',
    gender: 'female',
    ...overrides,
  };
}

/** Signs up through the API; answers the response and the session token of its cookie. */
export async function signupMember(t: TestApp, overrides: Record<string, unknown> = {}, init: TestRequestInit = {}) {
  const input = signupInput(overrides);
  const response = await call(t, '/api/signup.php', { method: 'POST', json: input, ...init });
  expect(response.status).toBe(200);
  const body = await answerOf(postSignup, response);
  const session = sessionOf(response);
  expect(session).toBeTruthy();
  return { input, body, user: body.user, accountId: Number(body.user.id), session: session ?? '', response };
}

export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

export function sessionOf(response: Response): string | null {
  for (const cookie of setCookies(response)) {
    const match = new RegExp(`^${AUTH_COOKIE_NAME.replace('.', '\\.')}=([^;]*)`).exec(cookie);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** The English text of an account error with its parameters filled in. */
export function errorText(code: AccountError, params: Record<string, string | number> = {}): string {
  let text: string = catalogues.en.accounts.errors[code];
  for (const [key, value] of Object.entries(params)) text = text.replace(`{{${key}}}`, String(value));
  return text;
}

/** Asserts an error answer: status, code and the exact English text. */
export async function expectError(
  response: Response,
  status: number,
  code: AccountError | 'rate_limited' | 'authentication_required' | 'invalid_input',
  params: Record<string, string | number> = {},
): Promise<ErrorBody> {
  const body = await errorAnswerOf(response);
  expect(body.error.code).toBe(code);
  expect(response.status).toBe(status);
  if (code === 'rate_limited') expect(body.error.message).toBe(catalogues.en.api.rate_limited);
  else if (code === 'authentication_required')
    expect(body.error.message).toBe(catalogues.en.api.authentication_required);
  else if (code !== 'invalid_input') expect(body.error.message).toBe(errorText(code, params));
  return body;
}

/** The outbox mails to an address, newest first. */
export async function mailsTo(t: TestApp, address: string): Promise<SentMail[]> {
  return (await t.mail.list()).filter((m) => m.to === address.toLowerCase());
}

/** The newest mail to an address and the token of its link to `path`. */
export async function tokenFromMail(
  t: TestApp,
  address: string,
  path: string,
): Promise<{ mail: SentMail; token: string; link: string }> {
  const [mail] = await mailsTo(t, address);
  if (!mail) throw new Error(`no mail to ${address}`);
  const escaped = path.replace(/[.?]/g, (c) => `\\${c}`);
  const match = new RegExp(`(https?://[^\\s"<]*${escaped}\\?token=([A-Za-z0-9_-]+))`).exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`no ${path} link in ${mail.subject}`);
  return { mail, link: match[1], token: match[2] };
}

/**
 * Runs `write` (SQL on the site data: sites, prices, costs…) and resolves once the app has
 * dropped its copy: on PostgreSQL the notification comes a few milliseconds after the commit,
 * so a request sent at once could still read the old data.
 */
export async function writeSiteData(t: TestApp, write: () => Promise<unknown>): Promise<void> {
  const heard = siteData(t.database).nextChange();
  await write();
  await heard;
}

/** Changes operational settings of a site in the database; resolves once the app has heard of it. */
export async function setSiteSettings(t: TestApp, siteId: string, patch: Record<string, unknown>): Promise<void> {
  await writeSiteData(t, () =>
    t.db
      .update(sites)
      .set({ settings: sql`${sites.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(sites.id, siteId)),
  );
}

/** Asserts that a response text contains none of the given secrets. */
export function expectNoSecrets(text: string, secrets: readonly string[]): void {
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/token_hash|password_hash|passwordHash|tokenHash/);
}
