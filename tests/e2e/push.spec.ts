/**
 * Web push, the browser's half (docs/pwa.md "Tests", docs/push.md): another member writes to
 * a member whose members app is open, a push about that message reaches the app's worker
 * /sw-push.js?v=2 in real Chromium, the worker shows its notification and tells the open
 * page, and the page's nav and title then count the new message.
 *
 * A real subscription cannot be made here: Chromium's push service is Google's (FCM) on the
 * internet. The push is handed to the worker through the DevTools protocol instead
 * (ServiceWorker.deliverPushMessage) with the payload the server's sender builds for that
 * message; its encryption and sending are tests/integration/push-send.test.ts.
 */
import type { CDPSession, Page } from '@playwright/test';
import { sites } from '#sites-config';
import { pushPayload as pushPayloadSchema } from '#src/contract/push.ts';
import { translator } from '#src/i18n/index.ts';
import { pushPayload } from '#src/server/features/push/sender.ts';
import { test, expect } from './fixtures.ts';
import { EN_DEFAULT, createMember, logIn, profileIdOf, secondBrowser, urlOf } from './journeys.ts';

// Two members in two browsers and a worker's first install on a busy machine.
test.describe.configure({ timeout: 120_000 });
const LOADED = { timeout: 20_000 };

const t = translator('en');
const BRAND = sites.find((site) => site.id === EN_DEFAULT.site)!.brand;
const ORIGIN = new URL(urlOf(EN_DEFAULT, '/')).origin;

/** The count badge of the Messages entry of the logged-in nav (the bar or the phone's tabs). */
function messagesBadge(page: Page) {
  return page
    .getByRole('navigation', { name: t('nav.main_navigation') })
    .getByRole('link', { name: t('nav.messages') })
    .getByText(/^\d+\+?$/);
}

/** Calls the API from a member's page as the app's client does (X-Request-Type on writes). */
function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-request-type': 'client' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
    { method, path, body },
  );
}

/** DevTools' id of the registration of the site's worker (its scope is the whole origin). */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === `${ORIGIN}/` && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the site's worker shows now. */
function notifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    }));
  });
}

test('a push reaches the worker, which shows its notification and brings the new message to the open page', async ({
  page,
  context,
  browser,
  request,
}) => {
  const [anna, bert] = await Promise.all([createMember(request, 'push-a'), createMember(request, 'push-b')]);
  await context.grantPermissions(['notifications'], { origin: ORIGIN });
  // Without EventSource the app has no realtime channel (src/stores/realtime.ts), only the
  // polling, so the new message can reach the open page through the push alone (below). What
  // the worker posts to the page is kept too.
  await page.addInitScript(() => {
    delete (window as { EventSource?: unknown }).EventSource;
    const received: unknown[] = [];
    Object.assign(window, { e2eWorkerMessages: received });
    navigator.serviceWorker.addEventListener('message', (event) => received.push(event.data));
  });
  // The polling's rounds are the page's GET /api/user.php after the app started its updates
  // (GET /api/chats.php): the first 5 s after the start, then every 60 s (src/stores/polling.ts).
  let started = false;
  let pollRounds = 0;
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (sent.method() !== 'GET') return;
    if (pathname === '/api/chats.php') started = true;
    else if (pathname === '/api/user.php' && started) pollRounds += 1;
  });

  // Anna opens the members app; once the worker is active, it controls the page from the next load on.
  expect(await logIn(page, anna)).toBe(200);
  const annaId = await profileIdOf(page);
  await page.goto(urlOf(EN_DEFAULT, '/members'));
  await expect(messagesBadge(page)).toHaveText('1', LOADED);
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(new URL(script).pathname + new URL(script).search).toBe('/sw-push.js?v=2');
  started = false;
  pollRounds = 0;
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // A new member has one unread message, the site's welcome.
  await expect(messagesBadge(page)).toHaveText('1', LOADED);
  await expect.poll(() => pollRounds, { message: 'the first polling round', timeout: 20_000 }).toBe(1);

  // Bert writes to Anna through the API. Anna's page hears nothing of it: no realtime
  // channel, and the next polling round is a minute away.
  const other = await secondBrowser(browser);
  try {
    const bertPage = await other.newPage();
    expect(await logIn(bertPage, bert)).toBe(200);
    const { id } = await api<{ id: string }>(bertPage, 'GET', `/api/chat.php?profile=${annaId}`);
    await api(bertPage, 'POST', '/api/chat.php', { conversation: id, client_id: `e2e-push-${Date.now()}`, text: 'Hi' });
  } finally {
    await other.close();
  }
  await expect(messagesBadge(page)).toHaveText('1');

  // The push the server sends Anna about it: her conversation with Bert, his name, in English.
  const { chats } = await api<{ chats: { id: string; profile: { name: string } | null }[] }>(
    page,
    'GET',
    '/api/chats.php',
  );
  const chat = chats.find((c) => c.profile?.name === 'E2E push-b');
  expect(chat, 'the conversation with Bert in Anna’s list').toBeDefined();
  const payload = pushPayloadSchema.parse(
    pushPayload({ type: 'message', conversation: chat!.id, name: chat!.profile!.name }, 'en'),
  );
  expect(payload).toMatchObject({
    title: t('push.message.title'),
    body: t('push.message.body', { name: 'E2E push-b' }),
    checkUrl: `/chats/${chat!.id}`,
  });

  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: ORIGIN,
    registrationId: await registrationId(cdp),
    data: JSON.stringify(payload),
  });

  // The worker shows the notification of the payload and posts it to the open page, which
  // reloads its conversations: the nav and the title count Bert's message.
  await expect
    .poll(() => notifications(page), LOADED)
    .toEqual([{ title: payload.title, body: payload.body, tag: 'message', data: payload }]);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { e2eWorkerMessages: unknown[] }).e2eWorkerMessages))
    .toEqual([{ type: 'NEW_PUSH_MESSAGE', data: payload }]);
  await expect(messagesBadge(page)).toHaveText('2', LOADED);
  await expect(page).toHaveTitle(`(2) ${t('search.title')} · ${BRAND}`);
  expect(pollRounds, 'no polling round brought the message').toBe(1);
  await page.screenshot({ path: test.info().outputPath('push.png') });
});
