/**
 * Accessibility (WCAG 2.2 AA) on a phone and a desktop: axe scans every members' screen and
 * the public pages once each, in the state a member meets them (one page load per screen,
 * the scans grouped per journey to keep the suite short), failing on any serious or critical
 * violation; and the two paths that must work with the keyboard alone: writing in a chat,
 * and buying credits in the sandbox checkout.
 */
import type { Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { landerPath } from '#src/landers/paths.ts';
import { siteById } from '#sites-config';
import { test, expect, enterSite } from './fixtures.ts';
import { expectAccessible } from './axe.ts';
import { EN_DEFAULT, createMember, expectErrorAnswers, logIn, urlOf } from './journeys.ts';

const t = translator('en');
/** The members area has loaded (its nav), however busy the machine. */
const LOADED = { timeout: 20_000 };

async function membersScreen(page: Page, path: string): Promise<void> {
  await page.goto(urlOf(EN_DEFAULT, path));
  await expect(page.getByRole('link', { name: t('nav.search_members') }).first()).toBeVisible(LOADED);
  await expect(page.locator('main :is(h1, h2)').first()).toBeVisible(LOADED);
  // Lazily loaded screens and banners have arrived.
  await page.waitForLoadState('networkidle');
}

/** A member's public profile id from the search results. */
async function firstResultId(page: Page): Promise<string> {
  const href = await page.locator('main a[href^="/members/"]').first().getAttribute('href', LOADED);
  const id = /^\/members\/([^/]+)/.exec(href ?? '')?.[1];
  expect(id, 'a search result').toBeTruthy();
  return id!;
}

/** Presses Tab until the focused element matches, as a keyboard user walks the page. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, maxTabs = 60): Promise<void> {
  for (let i = 0; i < maxTabs; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${maxTabs} Tab presses did not reach ${target.toString()}`);
}

test('the public pages have no serious accessibility violation', async ({ page }) => {
  // Six pages, one scan each (about 5 s a scan on a busy 2-core machine).
  test.setTimeout(150_000);
  const site = siteById(EN_DEFAULT.site)!;
  const pages = {
    home: '/',
    lander: landerPath(site.landers[0]!, site, 'en'),
    pricing: '/pricing',
    legal: '/pages/terms',
    signup: '/signup',
    login: '/login',
  };
  for (const [screen, path] of Object.entries(pages)) {
    await page.goto(urlOf(EN_DEFAULT, path));
    await enterSite(page);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, screen);
  }
});

test("the members' screens have no serious accessibility violation", async ({ page, request }) => {
  // Eleven screens, one scan each.
  test.setTimeout(300_000);
  const email = await createMember(request, 'axe');
  expect(await logIn(page, email)).toBe(200);
  await membersScreen(page, '/members');
  await expectAccessible(page, 'members');
  const memberId = await firstResultId(page);
  const screens = {
    'member profile': `/members/${memberId}`,
    likes: '/likes',
    chats: '/chats',
    'own profile and photos': '/profile',
    credits: '/credits',
    settings: '/notifications',
    premium: '/premium',
    'swipe game': '/swipe-game',
    'match finder': '/match-finder',
    'direct debit': '/directdebit',
  };
  for (const [screen, path] of Object.entries(screens)) {
    await membersScreen(page, path);
    await expectAccessible(page, screen);
  }
});

test('a member opens a conversation, types and sends with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(150_000);
  const email = await createMember(request, 'axe-chat');
  expect(await logIn(page, email)).toBe(200);
  await membersScreen(page, '/members');
  const memberId = await firstResultId(page);

  // From the member's profile, by keyboard: the Message button opens the conversation.
  await membersScreen(page, `/members/${memberId}`);
  await tabTo(page, page.locator(`main a[href="/members/${memberId}/chat"]`));
  await page.keyboard.press('Enter');
  // The first chat of a fresh server may take a moment (the database warms up).
  await expect(page).toHaveURL(/\/chats\/[^/]+$/, LOADED);
  const box = page.getByRole('textbox', { name: /^Message to / });
  if (test.info().project.name === 'phone') {
    // WCAG 2.4.11: the full-screen chat covers the page; nothing it covers takes the focus,
    // so the first Tab stop of a fresh load is in the conversation.
    await page.reload();
    await expect(box).toBeVisible(LOADED);
    await page.keyboard.press('Tab');
    const inChat = () => page.evaluate(() => document.activeElement?.closest('[data-conversation]') !== null);
    expect(await inChat(), 'the first Tab stop is in the conversation').toBe(true);
  }
  await tabTo(page, box);
  // The message box shows the focus ring every other control has.
  await expect(box).toHaveCSS('outline-style', 'solid');
  await page.keyboard.type('Typed and sent by keyboard');
  // Enter sends on a desktop and starts a new line on a phone: the Send button works on both.
  await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log').getByText('Typed and sent by keyboard')).toBeVisible();
  await expect(box).toHaveValue('');
  // Sent, no longer pending: the conversation as it stays.
  await expect(page.locator('[data-pending]')).toHaveCount(0, LOADED);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'a chat');
});

test('a member chooses a bundle and a method and pays in the sandbox with the keyboard alone', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const email = await createMember(request, 'axe-pay');
  expect(await logIn(page, email)).toBe(200);
  await membersScreen(page, '/credits');

  // The method first: its menu opens from its button and closes on the chosen method.
  await tabTo(page, page.locator('main button[aria-haspopup="menu"]'));
  await page.keyboard.press('Enter');
  const paypal = page.getByRole('menuitemradio', { name: /^PayPal/ });
  await tabTo(page, paypal);
  await page.keyboard.press('Enter');
  await expect(paypal).toHaveCount(0);
  // Then the bundle.
  const choose = page.locator('article[data-tier="p1"]').getByRole('link', { name: t('credits.choose') });
  await tabTo(page, choose);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/credits\/p1\/paypal$/);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'payment');
  const pay = page.getByRole('button', { name: /^Pay / });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/sandbox-pay\//);
  const complete = page.getByRole('button', { name: t('billing.sandbox.complete') });
  await tabTo(page, complete);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/transactions\/[A-Z0-9]+$/, LOADED);
  await expect(page.getByText(t('credits.transaction.completed_title'))).toBeVisible(LOADED);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'transactions');
  // Now a paying member, the members area may ask for the welcome discount, which the server
  // refuses with 400 code_first_purchase and the page ignores (tests/e2e/billing.spec.ts).
  expectErrorAnswers(consoleErrors, 400);
});
