/**
 * What a free member learns before writing (SPEC §6 'Free member', §2.7 chat): the cost of a
 * text or GIF ('free' while the free messages last) and of a photo beside the composer, and
 * in a third new conversation, before typing anything, that starting more is for premium
 * members, with the way to premium. Phone, 390 and 320 px.
 */
import type { Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { test, expect } from './fixtures.ts';
import { JOURNEY_SITES, createMember, label, logIn, urlOf } from './journeys.ts';

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/** Three profiles of the members search, by id. */
async function threeProfiles(page: Page, resultsName: string): Promise<string[]> {
  const results = page.getByRole('list', { name: resultsName, exact: true });
  // The members area loads cold on this busy machine.
  await expect(results.getByRole('article').nth(2)).toBeVisible({ timeout: 20_000 });
  const hrefs = await results
    .locator('article a[href^="/members/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const ids = [...new Set(hrefs.map((href) => href.split('/')[2] ?? '').filter(Boolean))];
  expect(ids.length).toBeGreaterThanOrEqual(3);
  return ids.slice(0, 3);
}

/** Starts a conversation with a first text, as the chat does (API calls from the page). */
async function firstMessage(page: Page, profile: string): Promise<string> {
  return page.evaluate(async (profile) => {
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-request-type': 'client' };
    const start = await fetch(`/api/chat.php?profile=${encodeURIComponent(profile)}`, { headers });
    const { id } = (await start.json()) as { id: string };
    const sent = await fetch('/api/chat.php', {
      method: 'POST',
      headers,
      body: JSON.stringify({ conversation: id, client_id: `e2e-${crypto.randomUUID()}`, text: 'Hello there' }),
    });
    if (sent.status !== 200) throw new Error(`send answered ${sent.status}`);
    return id;
  }, profile);
}

for (const phone of PHONES) {
  test.describe(`${phone.width} px`, () => {
    test.use({ viewport: phone });
    for (const where of JOURNEY_SITES) {
      test(`a free member sees costs before sending and the premium way before a third conversation (${label(where)})`, async ({
        page,
        request,
      }) => {
        test.setTimeout(90_000);
        const t = translator(where.locale ?? 'en');
        const email = await createMember(request, 'costs', where);
        expect(await logIn(page, email, undefined, where)).toBe(200);
        await page.goto(urlOf(where, '/members'));
        const [first, second, third] = await threeProfiles(page, t('search.results'));
        const settings = await page.evaluate(async () => {
          const answer = await fetch('/api/settings.php', { headers: { accept: 'application/json' } });
          return ((await answer.json()) as { settings: { message_credits: number; photo_credits: number } }).settings;
        });
        const conversation = await firstMessage(page, first ?? '');
        await firstMessage(page, second ?? '');

        // The third: said before typing, with the way to premium.
        await page.goto(urlOf(where, `/members/${third}/chat`));
        await expect(page).toHaveURL(/\/chats\/[^/]+$/, { timeout: 20_000 });
        const chat = page.locator('section[data-conversation]');
        await expect(chat.getByText(t('chat.start_limit'), { exact: true })).toBeVisible();
        await expect(chat.getByRole('link', { name: t('nav.get_premium') })).toHaveAttribute('href', '/premium');
        await expect(chat.getByRole('textbox')).toHaveCount(0);

        // A conversation of its own: the next text is still free (two of the free messages used).
        await page.goto(urlOf(where, `/chats/${conversation}`));
        // The members area loads cold on this busy machine.
        await expect(chat.getByRole('textbox')).toBeVisible({ timeout: 20_000 });
        const photoCost = t('chat.composer.cost_photo', {
          price: t('chat.composer.credits', { count: settings.photo_credits }),
        });
        await expect(chat.getByText(t('chat.composer.cost_text', { price: t('chat.composer.free') }))).toBeVisible();
        await expect(chat.getByText(photoCost)).toBeVisible();
        await chat.getByRole('textbox').fill('One more');
        await chat.getByRole('button', { name: t('chat.composer.send'), exact: true }).click();
        await expect(chat.getByRole('log').getByText('One more')).toBeVisible();
        // The free messages are used up: a text now says its price.
        await expect(
          chat.getByText(
            t('chat.composer.cost_text', { price: t('chat.composer.credits', { count: settings.message_credits }) }),
          ),
        ).toBeVisible();
      });
    }
  });
}
