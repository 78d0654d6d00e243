/** Shared e2e helpers: a site's URL on its own host name, and a console-error collector. */
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';

export function siteUrl(siteId: string, path = '/', locale?: string): string {
  return `http://${locale ? `${locale}.` : ''}${siteId}.localhost:${E2E_PORT}${path}`;
}

/** Fails the test when the page logs an error or throws. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

/** Closes the site-entry warning when it shows, as a visitor would. */
export async function enterSite(page: Page): Promise<void> {
  const dialog = page.locator('dialog#site-entry-warning[open]');
  if (await dialog.count()) await dialog.locator('button[value="enter"]').click();
}

export { expect };
