/**
 * Helpers of the member journeys: members made through the API (signup + activation from the
 * dev inbox), logging in from the site's own origin, mailed links, and the console watch for
 * error answers provoked on purpose, a second member's browser and a member's profile id.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { Locale } from '#src/lib/locales.ts';
import { test, expect, siteUrl, enterSite } from './fixtures.ts';

export const SITE = 'default';
export const PASSWORD = 'settings-e2e-password-1';

/** A site on one of its domains: the default site in English, Kinkbound on its German domain. */
export interface Where {
  site: string;
  /** The domain's language prefix (`de.bdsm.localhost`); none for the site's default domain. */
  locale?: Locale;
}
export const EN_DEFAULT: Where = { site: SITE };
export const JOURNEY_SITES: readonly Where[] = [EN_DEFAULT, { site: 'bdsm', locale: 'de' }];

export function urlOf(where: Where, path: string): string {
  return siteUrl(where.site, path, where.locale);
}

export function label(where: Where): string {
  return `${where.site}/${where.locale ?? 'en'}`;
}

/** Node does not resolve *.localhost as Chromium does: ask 127.0.0.1 with the Host header. */
export function direct(path: string, where: Where = EN_DEFAULT): { url: string; host: string } {
  const url = new URL(urlOf(where, path));
  return { url: `http://127.0.0.1:${url.port}${url.pathname}${url.search}`, host: url.host };
}

export function uniqueEmail(label: string): string {
  const project = test.info().project.name;
  return `${label}-${project}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

interface Mail {
  to: string;
  subject: string;
  links: string[];
  sentAt: string;
}

/** The newest mail to an address whose links contain `linkPart`, from the dev inbox. */
export async function mailedLink(request: APIRequestContext, to: string, linkPart: string): Promise<string> {
  const { url, host } = direct('/_dev/mail.json');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = (await (await request.get(url, { headers: { host } })).json()) as { mails: Mail[] };
        found = mails
          .filter((m) => m.to === to)
          .flatMap((m) => m.links)
          .reverse()
          .find((l) => l.includes(linkPart));
        return found;
      },
      { message: `a mail to ${to} with a ${linkPart} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  const link = new URL(found!);
  return link.pathname + link.search;
}

/**
 * An address of its own for a journey (send it as X-Forwarded-For), so per-IP limits (signup,
 * complaints) count it apart when the server trusts the header (TRUST_PROXY); ignored otherwise.
 */
export function journeyIp(): string {
  // From 198.18.0.0/15 (RFC 2544, never routed): 130,000 addresses, so a few hundred journeys
  // of one run practically never share one (signup allows 5 per address and hour). A /24 did:
  // with ~350 signups over 250 addresses, some address got a sixth in most runs (a 429).
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${byte()}`;
}

/** Signs up a member through the API and activates it with the mailed link. */
export async function createMember(
  request: APIRequestContext,
  label: string,
  where: Where = EN_DEFAULT,
): Promise<string> {
  const email = uniqueEmail(label);
  const signup = direct('/api/signup.php', where);
  const answer = await request.post(signup.url, {
    headers: { host: signup.host, 'x-forwarded-for': journeyIp() },
    data: { email, name: `E2E ${label}`, password: PASSWORD, date_of_birth: '1990-04-02', gender: 'male' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const activation = direct(await mailedLink(request, email, '/api/activate.php'), where);
  const activated = await request.get(activation.url, { headers: { host: activation.host }, maxRedirects: 0 });
  expect(activated.headers()['location']).toContain('/activate/done');
  return email;
}

/** Logs in from the site's own origin, as the login form does (POST /api/user.php). */
export async function logIn(
  page: Page,
  email: string,
  password = PASSWORD,
  where: Where = EN_DEFAULT,
): Promise<number> {
  if (!page.url().startsWith(urlOf(where, '/'))) {
    await page.goto(urlOf(where, '/pages/faq'));
    await enterSite(page);
  }
  return page.evaluate(
    async ({ email, password }) =>
      (
        await fetch('/api/user.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-type': 'client' },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    { email, password },
  );
}

/**
 * Chromium logs every 4xx answer as a console error. A journey that provokes an error answer
 * on purpose (and shows its text) drops exactly those from the console watch.
 */
export function expectErrorAnswers(consoleErrors: string[], status: number): void {
  const expected = `the server responded with a status of ${status}`;
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) {
    if (consoleErrors[i]?.includes(expected)) consoleErrors.splice(i, 1);
  }
}

/** A second member's browser, like the test's own (phone or desktop). */
export async function secondBrowser(browser: Browser): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  return browser.newContext({
    ...(viewport !== undefined ? { viewport } : {}),
    ...(userAgent !== undefined ? { userAgent } : {}),
    ...(deviceScaleFactor !== undefined ? { deviceScaleFactor } : {}),
    ...(isMobile !== undefined ? { isMobile } : {}),
    ...(hasTouch !== undefined ? { hasTouch } : {}),
  });
}

/** A new member, logged in on the default site in a browser of their own (close `context` after). */
export async function memberInSecondBrowser(
  browser: Browser,
  request: APIRequestContext,
  label: string,
): Promise<{ email: string; context: BrowserContext; page: Page }> {
  const email = await createMember(request, label);
  const context = await secondBrowser(browser);
  const page = await context.newPage();
  expect(await logIn(page, email)).toBe(200);
  return { email, context, page };
}

/** The logged-in member's public profile id. */
export async function profileIdOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/user.php', {
      headers: { accept: 'application/json', 'x-request-type': 'client' },
    });
    return ((await answer.json()) as { user: { profile: { id: string } } }).user.profile.id;
  });
}
