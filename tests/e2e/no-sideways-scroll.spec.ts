/**
 * No page scrolls sideways on the narrowest phone we support (320×640): every static page
 * type of one site in all 11 locales, and the members routes of a logged-in member in
 * English, German and Polish. The language menu opened there stays inside the viewport.
 * One browser page per locale goes through all its page types; the phone project only.
 */
import type { Page } from '@playwright/test';
import { sites } from '#sites-config';
import { LOCALES, type Locale } from '#src/lib/locales.ts';
import { landerPath } from '#src/landers/paths.ts';
import { test, expect, siteUrl, enterSite } from './fixtures.ts';
import { PASSWORD, SITE, createMember, logIn, urlOf, type Where } from './journeys.ts';

const WIDTH = 320;
const site = sites.find((s) => s.id === SITE)!;
const STATIC_PATHS = (locale: Locale) => [
  '/',
  landerPath('gallery', site, locale),
  '/pricing',
  '/pages/terms',
  '/login',
  '/signup',
  '/reset-password',
  '/no-such-page',
];
const MEMBERS_PATHS = ['/members', '/likes', '/swipe-game', '/match-finder', '/profile', '/settings'];
const MEMBERS_LOCALES: readonly Locale[] = ['en', 'de', 'pl'];

test.use({ viewport: { width: WIDTH, height: 640 } });
const PHONE_ONLY = 'a phone width: the phone project only';

/** The page's width past the viewport, with the elements sticking out to name in a failure. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, culprits } = await page.evaluate(() => {
    const describe = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].slice(0, 4).join('.')} "${e.textContent.trim().slice(0, 30)}"`;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth)
      .slice(0, 5)
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
  expect(scrollWidth, `${what} scrolls sideways; sticking out: ${culprits.join(' | ')}`).toBeLessThanOrEqual(WIDTH);
}

/** Opens the header's language menu and checks its list lies inside the viewport. */
async function expectLanguageMenuInside(page: Page, what: string): Promise<void> {
  const menu = page.locator('header details').filter({ visible: true }).first();
  await menu.locator('summary').click();
  const box = await menu.locator('summary + *').boundingBox();
  expect(box, `${what}: the language menu opens`).not.toBeNull();
  expect(box!.x, `${what}: the language menu's left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: the language menu's right edge`).toBeLessThanOrEqual(WIDTH);
  await menu.locator('summary').click();
}

for (const locale of LOCALES) {
  test(`static pages in ${locale} fit 320 px`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', PHONE_ONLY);
    for (const [index, path] of STATIC_PATHS(locale).entries()) {
      await page.goto(siteUrl(SITE, path, locale));
      if (index === 0) {
        await enterSite(page);
        await expectLanguageMenuInside(page, `${locale} ${path}`);
      }
      await expectNoSidewaysScroll(page, `${locale} ${path}`);
    }
  });
}

for (const locale of MEMBERS_LOCALES) {
  test(`members routes in ${locale} fit 320 px`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', PHONE_ONLY);
    const where: Where = { site: SITE, locale };
    const email = await createMember(request, `narrow-${locale}`, where);
    expect(await logIn(page, email, PASSWORD, where)).toBe(200);
    for (const [index, path] of MEMBERS_PATHS.entries()) {
      await page.goto(urlOf(where, path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (index === 0) await expectLanguageMenuInside(page, `${locale} ${path}`);
      await expectNoSidewaysScroll(page, `${locale} ${path}`);
    }
  });
}
