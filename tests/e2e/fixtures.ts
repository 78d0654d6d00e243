/** Shared e2e helpers: a site's URL on its own host name, and a console-error watch. */
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';

export function siteUrl(siteId: string, path = '/', locale?: string): string {
  return `http://${locale ? `${locale}.` : ''}${siteId}.localhost:${E2E_PORT}${path}`;
}

/**
 * Fails every test whose page logs an error or throws. The browser's own note about a
 * document answered with 404 is expected on the 404 page and is not counted.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const documentNotFound = message.text().includes('status of 404') && message.location().url === page.url();
        if (!documentNotFound) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Closes the site-entry warning when it shows, as a visitor would. */
export async function enterSite(page: Page): Promise<void> {
  const dialog = page.locator('dialog#site-entry-warning[open]');
  if (await dialog.count()) await dialog.locator('button[value="enter"]').click();
}

export { expect };
