/**
 * A newcomer's first screen on a phone (390 × 844 and 320 × 640), on the default site in
 * English and Kinkbound on its German domain: the swipe card shows whole above the fixed
 * No / Yes bar and at least one search result is whole in the first screen, while the
 * banners a newcomer gets (turn on notifications, the time bonus) take one compact line each.
 * Screenshots of each first screen go to the test's artifacts.
 */
import type { Locator, Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { test, expect } from './fixtures.ts';
import { JOURNEY_SITES, createMember, label, logIn, urlOf } from './journeys.ts';

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

async function box(locator: Locator): Promise<{ top: number; bottom: number }> {
  const rect = await locator.evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return { top, bottom };
  });
  return rect;
}

/** The banners' line height: each at most a compact line (a 44 px control and its padding). */
async function bannerHeights(page: Page): Promise<number[]> {
  return page
    .locator('[data-banner]')
    .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().height)));
}

for (const phone of PHONES) {
  test.describe(`${phone.width} × ${phone.height}`, () => {
    test.use({ viewport: phone });
    for (const where of JOURNEY_SITES) {
      test(`a newcomer sees the swipe card whole and a search result (${label(where)})`, async ({
        page,
        request,
      }, testInfo) => {
        test.setTimeout(90_000);
        const t = translator(where.locale ?? 'en');
        const email = await createMember(request, 'first', where);
        expect(await logIn(page, email, undefined, where)).toBe(200);

        await page.goto(urlOf(where, '/swipe-game'));
        const card = page.getByRole('article').first();
        await expect(card).toBeVisible({ timeout: 20_000 });
        const bar = page.getByRole('button', { name: t('swipe.no'), exact: true });
        await expect(bar).toBeVisible();
        // The banners a newcomer gets have loaded (their chunks come after the screen).
        await page.waitForLoadState('networkidle');
        await testInfo.attach(`swipe-game-${phone.width}x${phone.height}-${label(where).replace('/', '-')}`, {
          body: await page.screenshot(),
          contentType: 'image/png',
        });
        for (const height of await bannerHeights(page)) expect(height).toBeLessThanOrEqual(64);
        const cardBox = await box(card);
        const barBox = await box(bar);
        expect(cardBox.top).toBeGreaterThanOrEqual(0);
        // Whole, and not under the No / Yes bar (the bar's buttons sit below the card).
        expect(cardBox.bottom).toBeLessThanOrEqual(barBox.top);
        expect(barBox.bottom).toBeLessThanOrEqual(phone.height);

        await page.goto(urlOf(where, '/members'));
        const results = page.getByRole('list', { name: t('search.results'), exact: true });
        const first = results.getByRole('article').first();
        await expect(first).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await testInfo.attach(`search-${phone.width}x${phone.height}-${label(where).replace('/', '-')}`, {
          body: await page.screenshot(),
          contentType: 'image/png',
        });
        for (const height of await bannerHeights(page)) expect(height).toBeLessThanOrEqual(64);
        // The first result's photo is whole in the first screen: the member sees who it is.
        const photo = await first.evaluate((card) => {
          const { top, bottom } = (card.querySelector('[class*="aspect-"]') ?? card).getBoundingClientRect();
          return { top, bottom };
        });
        expect(photo.top).toBeGreaterThanOrEqual(0);
        expect(photo.bottom).toBeLessThanOrEqual(phone.height);
      });
    }
  });
}
