/**
 * The chat as members see it (docs/chat-client.md): two members on one site chat in
 * real time and see each other typing, on the default site and on the gay site; a member
 * whose credits run out gets the credit alert with the way to buy credits; a send that fails
 * offline stays marked with a retry that delivers it once; visitors are asked to log in.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import {
  createMember,
  EN_DEFAULT,
  expectErrorAnswers,
  label,
  logIn,
  profileIdOf,
  secondBrowser,
  urlOf,
  type Where,
} from './journeys.ts';

const SITES: readonly Where[] = [EN_DEFAULT, { site: 'gay' }];

/** Opens the chat with a member the way the profile page's Message button does. */
async function startChat(page: Page, where: Where, profileId: string): Promise<void> {
  await page.goto(urlOf(where, `/members/${profileId}/chat`));
  // The first chat of a fresh server may take a moment (the database warms up).
  await expect(page).toHaveURL(/\/chats\/[^/]+$/, { timeout: 20_000 });
}

async function send(page: Page, to: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: `Message to ${to}` }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

const log = (page: Page) => page.getByRole('log');

for (const where of SITES) {
  test(`two members chat in real time and see each other typing (${label(where)})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const [anna, bert] = await Promise.all([
      createMember(request, 'chat-a', where),
      createMember(request, 'chat-b', where),
    ]);
    const other = await secondBrowser(browser);
    const bertPage = await other.newPage();
    try {
      expect(await logIn(page, anna, undefined, where)).toBe(200);
      expect(await logIn(bertPage, bert, undefined, where)).toBe(200);
      const bertId = await profileIdOf(bertPage);

      await startChat(page, where, bertId);
      await send(page, 'E2E chat-b', 'Hello from Anna');
      await expect(log(page).getByText('Hello from Anna')).toBeVisible();

      // Bert finds the new conversation in his list, unread, and opens it. His members area
      // loads cold in its own browser; on this busy machine its list has come 5.5 s after
      // the page (the list itself stays current: the channel's first open reloads it).
      await bertPage.goto(urlOf(where, '/chats'));
      const entry = bertPage.getByRole('link', { name: /E2E chat-a/ });
      await expect(entry).toContainText('Hello from Anna', { timeout: 15_000 });
      await expect(entry).toContainText('1 unread message');
      await entry.click();
      await expect(log(bertPage).getByText('Hello from Anna')).toBeVisible();

      // Bert types: Anna sees it; his message arrives without a reload and ends the indicator.
      await bertPage.getByRole('textbox', { name: 'Message to E2E chat-a' }).pressSequentially('Hi Anna');
      await expect(page.getByText('E2E chat-b is typing…')).toBeVisible();
      await bertPage.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(log(page).getByText('Hi Anna')).toBeVisible();
      await expect(page.getByText('E2E chat-b is typing…')).toBeHidden();

      // And back again, while both are on the conversation.
      await send(page, 'E2E chat-b', 'Dinner on Friday?');
      await expect(log(bertPage).getByText('Dinner on Friday?')).toBeVisible();
    } finally {
      await other.close();
    }
  });
}

test('a member whose credits run out buys credits from the credit alert, comes back to the chat and sends the kept message', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const [anna, bert] = await Promise.all([createMember(request, 'poor-a'), createMember(request, 'poor-b')]);
  const other = await secondBrowser(browser);
  const bertPage = await other.newPage();
  try {
    expect(await logIn(bertPage, bert)).toBe(200);
    const bertId = await profileIdOf(bertPage);
    expect(await logIn(page, anna)).toBe(200);
    await startChat(page, EN_DEFAULT, bertId);
    // A new member: a few free messages, then the sign-up credits pay for a few more.
    const alert = page.locator('[data-credit-alert]');
    for (let i = 1; i <= 8 && !(await alert.isVisible()); i++) {
      await send(page, 'E2E poor-b', `Message number ${i}`);
      await expect(page.locator('[data-pending]'))
        .toHaveCount(0, { timeout: 10_000 })
        .catch(() => undefined);
    }
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('You do not have enough credits');
    const chatUrl = page.url();
    const buy = alert.getByRole('link', { name: 'Buy credits' });
    await expect(buy).toHaveAttribute('href', `/credits?back=${new URL(chatUrl).pathname}`);
    // The refused message waits, marked, with its retry.
    const failed = page.locator('[data-failed]');
    await expect(failed).toHaveCount(1);
    const refused = (await failed.locator('p').first().textContent())?.trim() ?? '';
    await expect(failed.getByRole('button', { name: 'Send again' })).toBeVisible();
    await expect(page.locator('[data-credits]')).toHaveText('0');

    // Buying: the smallest bundle by card in the sandbox checkout, then back to the chat.
    await buy.click();
    await page.locator('article[data-tier="p0"]').getByRole('link', { name: 'Choose' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/sandbox-pay\//);
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/transactions\/[A-Z0-9]+$/);
    await page.getByRole('link', { name: 'Back to the chat' }).click();
    await expect(page).toHaveURL(chatUrl);

    // The refused message is still there, and now goes out once.
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText(refused);
    await failed.getByRole('button', { name: 'Send again' }).click();
    await expect(failed).toHaveCount(0);
    await expect(log(page).locator('[data-message]', { hasText: refused })).toHaveCount(1);
    await expect(page.locator('[data-credit-alert]')).toHaveCount(0);
    expectErrorAnswers(consoleErrors, 402);
  } finally {
    await other.close();
  }
});

test('a send that fails offline stays marked with a retry, which delivers it once', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const [anna, bert] = await Promise.all([createMember(request, 'offline-a'), createMember(request, 'offline-b')]);
  const other = await secondBrowser(browser);
  const bertPage = await other.newPage();
  try {
    expect(await logIn(bertPage, bert)).toBe(200);
    const bertId = await profileIdOf(bertPage);
    expect(await logIn(page, anna)).toBe(200);
    await startChat(page, EN_DEFAULT, bertId);
    await send(page, 'E2E offline-b', 'First, online');
    await expect(log(page).locator('[data-message]', { hasText: 'First, online' })).toBeVisible();

    await page.context().setOffline(true);
    await send(page, 'E2E offline-b', 'Sent while offline');
    const failed = page.locator('[data-failed]', { hasText: 'Sent while offline' });
    // The client tries a few times before it gives up.
    await expect(failed).toBeVisible({ timeout: 20_000 });
    await expect(failed).toContainText('Not sent');

    await page.context().setOffline(false);
    await failed.getByRole('button', { name: 'Send again' }).click();
    await expect(log(page).locator('[data-message]', { hasText: 'Sent while offline' })).toHaveCount(1);
    await expect(page.locator('[data-failed]')).toHaveCount(0);

    // Once on the server: after a reload for the sender, and for the other member.
    await page.reload();
    await expect(log(page).locator('[data-message]', { hasText: 'Sent while offline' })).toHaveCount(1);
    await bertPage.goto(urlOf(EN_DEFAULT, '/chats'));
    await bertPage.getByRole('link', { name: /E2E offline-a/ }).click();
    await expect(log(bertPage).locator('[data-message]', { hasText: 'Sent while offline' })).toHaveCount(1);
    // What failed while offline is the point of this test.
    const offline = (error: string) => /ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK_CHANGED/.test(error);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !offline(error)));
  } finally {
    await other.close();
  }
});

test('a visitor on a chat link is asked to log in to chat', async ({ page }) => {
  await page.goto(urlOf(EN_DEFAULT, '/members/abc123/chat'));
  const main = page.getByRole('main');
  await expect(main.getByText('You need to be logged in to chat')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', /^\/login\?/);
});
