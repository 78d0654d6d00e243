/**
 * Rules of the SPEC a visitor or member meets on the way, in the browser: the chat layout's
 * site-entry warning on /chats (SPEC §2.2, §2.6: NL and DE visitors only, while the members
 * area keeps the site's list).
 */
import type { Page } from '@playwright/test';
import { test, expect, siteUrl } from './fixtures.ts';
import { EN_DEFAULT, urlOf } from './journeys.ts';

async function visitFrom(page: Page, country: string, path: string): Promise<void> {
  await page.context().addCookies([{ name: 'country', value: country, url: siteUrl(EN_DEFAULT.site) }]);
  await page.goto(urlOf(EN_DEFAULT, path));
}

const warning = (page: Page) => page.locator('dialog#site-entry-warning');

test('on /chats the site-entry warning is the chat layout’s: for visitors from NL and DE only', async ({ page }) => {
  // The default site's own list is every country: a visitor from France gets it on /members…
  await visitFrom(page, 'FR', '/members');
  await expect(warning(page)).toHaveAttribute('open', '');
  // …but not on the chats, where the chat layout's list is NL and DE.
  await page.context().clearCookies();
  await visitFrom(page, 'FR', '/chats');
  await expect(page.locator('html')).toHaveAttribute('data-country', 'FR');
  await expect(warning(page)).not.toHaveAttribute('open');
  await visitFrom(page, 'NL', '/chats/12345');
  await expect(warning(page)).toHaveAttribute('open', '');
});
