/**
 * The smoke journey of the topology rehearsal (scripts/rehearsal.ts, which starts what it
 * walks through: a balancer on REHEARSAL_PORT in front of two API hosts of several processes
 * on PostgreSQL, Redis and S3). A newcomer signs up on the default site with a photo, is
 * activated by the mailed link, sees the photo come back from the bucket, chats with another
 * member who reads it live in his own browser, and buys credits in the sandbox checkout.
 * Every API answer must be below 500, and both hosts must have answered the browser
 * (the balancer's `X-Upstream`).
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { translator } from '#src/i18n/index.ts';

const PORT = Number(process.env['REHEARSAL_PORT']);
const HOST = `default.localhost:${PORT}`;
const PASSWORD = 'rehearsal-harbour-lantern-7';
const t = translator('en');

const site = (path: string) => `http://${HOST}${path}`;

/** Node does not resolve *.localhost as Chromium does: the balancer on 127.0.0.1 with the Host header. */
const direct = (path: string) => ({ url: `http://127.0.0.1:${PORT}${path}`, headers: { host: HOST } });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The newest link to `path` mailed to `to`, from the dev outbox (one folder shared by both hosts). */
async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  const inbox = direct(`/_dev/mail.json?to=${encodeURIComponent(to)}`);
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(inbox.url, { headers: inbox.headers });
        const { mails } = (await answer.json()) as { mails: { links: string[] }[] };
        found = mails.flatMap((mail) => mail.links).find((link) => new URL(link).pathname === path);
        return found;
      },
      { message: `a mail to ${to} with a link to ${path}` },
    )
    .toBeTruthy();
  return found!;
}

/** Closes the site-entry warning when it shows, as a visitor would. */
async function enterSite(page: Page): Promise<void> {
  const dialog = page.locator('dialog#site-entry-warning[open]');
  if (await dialog.count()) await dialog.locator('button[value="enter"]').click();
}

/** The logged-in member as user.php tells it. */
function whoAmI(page: Page) {
  return page.evaluate(async () => {
    const answer = await fetch('/api/user.php', {
      headers: { accept: 'application/json', 'x-request-type': 'client' },
    });
    const { user } = (await answer.json()) as {
      user: { credits: number; paid_user: boolean; profile: { id: string } };
    };
    return user;
  });
}

/** Watches a page's API answers: which hosts answered, and any 5xx. */
function watchAnswers(page: Page, upstreams: Set<string>, failures: string[]): void {
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/')) return;
    const upstream = response.headers()['x-upstream'];
    if (upstream) upstreams.add(upstream);
    if (response.status() >= 500) failures.push(`${response.status()} ${pathname} from ${upstream ?? '?'}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
}

test('a newcomer signs up with a photo, is activated, chats and buys credits through two API hosts', async ({
  page,
  browser,
  request,
}) => {
  expect(PORT, 'REHEARSAL_PORT: run this through scripts/rehearsal.ts').toBeGreaterThan(0);
  const upstreams = new Set<string>();
  const failures: string[] = [];
  watchAnswers(page, upstreams, failures);

  // Bert, the member Anna will write to, signs up through the API and is activated.
  const bert = { email: `bert-${unique()}@example.test`, name: 'Bert Rehearsal' };
  const signup = direct('/api/signup.php');
  const signedUp = await request.post(signup.url, {
    headers: { ...signup.headers, 'x-request-type': 'client' },
    data: { ...bert, password: PASSWORD, date_of_birth: '1986-05-20', gender: 'male' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const bertActivation = new URL(await mailedLink(request, bert.email, '/api/activate.php'));
  const activated = await request.get(direct(bertActivation.pathname + bertActivation.search).url, {
    headers: { host: HOST },
    maxRedirects: 0,
  });
  expect(activated.headers()['location']).toContain('/activate/done');

  // Anna signs up in the browser (the desktop's modal), with a photo on the way.
  const anna = { email: `anna-${unique()}@example.test`, name: `Anna${unique()}`.slice(0, 20) };
  await page.goto(site('/signup'));
  await enterSite(page);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: t('auth.signup.submit') }) });
  await form.getByLabel(t('auth.email')).fill(anna.email);
  await form.getByLabel(t('auth.signup.name')).fill(anna.name);
  await form.getByLabel(t('auth.password'), { exact: true }).fill(PASSWORD);
  await form.getByLabel(t('auth.signup.day'), { exact: true }).selectOption('14');
  await form.getByLabel(t('auth.signup.month'), { exact: true }).selectOption('03');
  await form.getByLabel(t('auth.signup.year'), { exact: true }).selectOption('1988');
  await form.getByLabel(t('auth.signup.female'), { exact: true }).check();
  await form.getByLabel(t('auth.signup.seeking_male'), { exact: true }).check();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: t('auth.signup.submit') }).click();

  await expect(page.getByRole('heading', { name: t('auth.photo.title') })).toBeVisible();
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#8a3b6f' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText(t('auth.photo.being_inspected'))).toBeVisible();
  await page.getByRole('button', { name: t('auth.photo.continue') }).click();
  for (const step of [2, 3, 4] as const) {
    await expect(page.getByRole('heading', { name: t(`auth.personal.title_${step}`) })).toBeVisible();
    await page.getByRole('button', { name: t('auth.personal.continue') }).click();
  }
  await page.getByRole('button', { name: t('auth.push.not_now') }).click();
  await expect(page.getByRole('heading', { name: t('auth.complete.title') })).toBeVisible();

  // The activation link from the outbox leads back through the balancer.
  const activation = await mailedLink(request, anna.email, '/api/activate.php');
  expect(new URL(activation).host).toBe(HOST);
  await page.goto(activation);
  await expect(page).toHaveURL(site('/activate/done'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('auth.activate.done_title'));

  // Her photo waits for the moderator, and its image comes back from the bucket via photo.php.
  await page.goto(site('/profile'));
  await expect(page.getByText(t('photos.manager.being_inspected'))).toHaveCount(1);
  const image = page.getByRole('img', { name: t('photos.manager.photo_alt', { number: 1 }) });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);

  // Bert logs in in a browser of his own.
  const bertContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const bertPage = await bertContext.newPage();
    watchAnswers(bertPage, upstreams, failures);
    await bertPage.goto(site('/pages/faq'));
    await enterSite(bertPage);
    const loggedIn = await bertPage.evaluate(
      async ({ email, password }) =>
        (
          await fetch('/api/user.php', {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-type': 'client' },
            body: JSON.stringify({ email, password }),
          })
        ).status,
      { email: bert.email, password: PASSWORD },
    );
    expect(loggedIn).toBe(200);
    const bertId = (await whoAmI(bertPage)).profile.id;

    // Anna writes to Bert; he finds the conversation and reads her next message live.
    await page.goto(site(`/members/${bertId}/chat`));
    await expect(page).toHaveURL(/\/chats\/[^/]+$/, { timeout: 45_000 });
    const composer = page.getByRole('textbox', { name: `Message to ${bert.name}` });
    const sendButton = page.getByRole('button', { name: 'Send', exact: true });
    await composer.fill('Hello from the rehearsal');
    await sendButton.click();
    await expect(page.getByRole('log').getByText('Hello from the rehearsal')).toBeVisible();

    await bertPage.goto(site('/chats'));
    const entry = bertPage.getByRole('link', { name: new RegExp(anna.name) });
    await expect(entry).toContainText('Hello from the rehearsal', { timeout: 45_000 });
    await entry.click();
    await expect(bertPage.getByRole('log').getByText('Hello from the rehearsal')).toBeVisible();
    await composer.fill('Are you on the other host?');
    await sendButton.click();
    await expect(bertPage.getByRole('log').getByText('Are you on the other host?')).toBeVisible();
  } finally {
    await bertContext.close();
  }

  // Anna buys the smallest bundle in the sandbox checkout.
  const before = await whoAmI(page);
  await page.goto(site('/credits'));
  await page
    .locator('article[data-tier="p0"]')
    .getByRole('link', { name: t('credits.choose') })
    .click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: t('billing.sandbox.complete') }).click();
  await expect(page).toHaveURL(/\/transactions\/[A-Z0-9]+$/);
  await expect(page.getByText(t('credits.transaction.completed_title'))).toBeVisible();
  const after = await whoAmI(page);
  expect(after.paid_user).toBe(true);
  expect(after.credits).toBeGreaterThan(before.credits);

  expect(failures, 'API answers of 500 and above, page errors').toEqual([]);
  expect([...upstreams].sort(), 'the hosts that answered the browser').toEqual(['host-a', 'host-b']);
});
