/**
 * Lander experiments in the marketing funnel (docs/traffic.md "Lander experiments",
 * docs/staff.md "Marketing funnel"): a first visit without JavaScript is given a variant in
 * a cookie and shown that variant's page; a visitor arriving from a campaign link that pins
 * a variant (phone: b, desktop: control, so each project has an arm of its own) sees its
 * page as served HTML, signs up, and the demo marketing staff member, after rolling the
 * figures up, finds the signup under that lander and variant and under the campaign's
 * unique sub-id in the funnel. Another visitor of that variant leaves the lander at once (the
 * bounce beacon of `lb`), and the funnel row shows the bounce beside the visits. The funnel
 * screen passes axe on phone and desktop.
 */
import type { Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { DEMO_PASSWORD } from '#src/server/seed/demo-logins.ts';
import { expectAccessible } from './axe.ts';
import { enterSite, expect, siteUrl, test } from './fixtures.ts';
import { PASSWORD, SITE, expectErrorAnswers, journeyIp, uniqueEmail } from './journeys.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, STAFF_ORIGIN, demoStaff, enterTotp, ownAddress } from './staff-login.ts';

const t = translator('en');
/** Variant b's headline on default/en (src/landers/experiments.ts). */
const VARIANT_B_HEADLINE = 'Who catches your eye tonight?';
const headlineOf = (variant: string) => (variant === 'b' ? VARIANT_B_HEADLINE : t('landers.gallery.headline'));

async function signUp(page: Page, email: string): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: t('auth.signup.submit') }) });
  await form.getByLabel(t('auth.email')).fill(email);
  await form.getByLabel(t('auth.signup.name')).fill('Funnel Visitor');
  await form.getByLabel(t('auth.password'), { exact: true }).fill(PASSWORD);
  await form.getByLabel(t('auth.signup.day'), { exact: true }).selectOption('14');
  await form.getByLabel(t('auth.signup.month'), { exact: true }).selectOption('03');
  await form.getByLabel(t('auth.signup.year'), { exact: true }).selectOption('1988');
  await form.getByLabel(t('auth.signup.male'), { exact: true }).check();
  await form.getByLabel(t('auth.signup.seeking_female'), { exact: true }).check();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: t('auth.signup.submit') }).click();
  await expect(page.getByRole('heading', { name: t('auth.photo.title') })).toBeVisible();
}

/** The table row whose cells include each of `cells` exactly. */
function rowWith(page: Page, cells: readonly string[]) {
  let row = page.getByRole('row');
  for (const name of cells) row = row.filter({ has: page.getByRole('cell', { name, exact: true }) });
  return row;
}

test('a visitor signs up from a lander variant; marketing sees it per lander, variant and sub-id', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const project = test.info().project;
  const variant = project.name === 'phone' ? 'b' : 'control';
  const sub = `funnel-${project.name}-${Date.now().toString(36)}`;

  // A first visit without JavaScript: a variant is drawn, kept in a cookie, and its page served.
  const noScript = await browser.newContext({ ...project.use, javaScriptEnabled: false });
  const first = await noScript.newPage();
  await first.goto(siteUrl(SITE, '/landers/gallery'));
  const assigned = (await noScript.cookies()).find((c) => c.name === 'lander_variants')?.value ?? '';
  expect(assigned).toMatch(/^gallery\.(control|b)$/);
  await expect(first.getByRole('heading', { level: 1 })).toHaveText(headlineOf(assigned.split('.')[1] ?? ''));
  // Again with the cookie: the same variant.
  await first.reload();
  await expect(first.getByRole('heading', { level: 1 })).toHaveText(headlineOf(assigned.split('.')[1] ?? ''));
  // The other arm gets a visit too, so the experiment has a control and a variant to compare
  // whatever the draw above and whichever project's journey ran first.
  const other = variant === 'b' ? 'control' : 'b';
  await first.goto(siteUrl(SITE, `/landers/gallery/eng?variant=${other}`));
  await expect(first.getByRole('heading', { level: 1 })).toHaveText(headlineOf(other));
  await noScript.close();

  // The journey's visitor comes from a campaign link that pins the variant.
  const visitorContext = await browser.newContext({
    ...project.use,
    extraHTTPHeaders: { 'x-forwarded-for': journeyIp() },
  });
  const visitor = await visitorContext.newPage();
  const landing = await visitor.goto(
    siteUrl(SITE, `/landers/gallery/eng?variant=${variant}&network=e2enet&sub1=${sub}`),
  );
  // The variant is in the served HTML: no script chose it.
  expect(await landing?.text()).toContain(headlineOf(variant));
  await enterSite(visitor);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(headlineOf(variant));
  await expect
    .poll(async () => (await visitorContext.cookies()).find((c) => c.name === 'lander')?.value)
    .toBe(`gallery.${variant}`);
  expect((await visitorContext.cookies()).find((c) => c.name === 'lander_variants')?.value).toBe(`gallery.${variant}`);
  await visitor.locator('a.btn[href="/signup"]').first().click();
  await expect(visitor).toHaveURL(/\/signup$/);
  await enterSite(visitor);
  await signUp(visitor, uniqueEmail('funnel'));
  await visitorContext.close();

  // A visitor of the same variant who leaves the lander straight away: the landing script
  // (loaded for `lb`) sends the bounce beacon when the page is hidden.
  const leaverContext = await browser.newContext({
    ...project.use,
    extraHTTPHeaders: { 'x-forwarded-for': journeyIp() },
  });
  const leaver = await leaverContext.newPage();
  await leaver.goto(siteUrl(SITE, `/landers/gallery/eng?variant=${variant}&network=e2enet&lb`));
  await enterSite(leaver);
  await expect(leaver.getByRole('heading', { level: 1 })).toHaveText(headlineOf(variant));
  const beacons: number[] = [];
  leaver.on('response', (response) => {
    if (response.url().endsWith('/api/page-hidden.php')) beacons.push(response.status());
  });
  // The page going away, as the tab closing or the visitor going back fires it (again until
  // the script, loaded as a module after the page, listens).
  await expect(async () => {
    await leaver.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    await expect.poll(() => beacons, { timeout: 1_000 }).toEqual([204]);
  }).toPass({ timeout: 15_000 });
  await leaverContext.close();

  // Marketing: log in on the staff origin, roll the figures up, find the signup.
  const marketing = demoStaff('marketing');
  await ownAddress(page);
  await page.goto(`${STAFF_ORIGIN}/funnel`);
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeFocused();
  expectErrorAnswers(consoleErrors, 403);
  await page.getByLabel('E-mail address').fill(marketing.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterTotp(page, consoleErrors, marketing.totpSecret);
  await expect(page.getByRole('heading', { name: 'Marketing funnel', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Roll up now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Figures rolled up at' })).toBeVisible();
  const range = page.getByRole('form', { name: 'Date range and breakdown' });
  await range.getByLabel('Per', { exact: true }).selectOption('variant');
  await range.getByRole('button', { name: 'Show' }).click();
  const variantRow = rowWith(page, ['default', 'en', 'gallery', variant]);
  await expect(variantRow).toHaveCount(1);
  // Columns: site, locale, lander, variant, visits, bounces, bounces per visit, signups…
  const cells = variantRow.getByRole('cell');
  const visits = Number(await cells.nth(4).textContent());
  const bounces = Number(await cells.nth(5).textContent());
  expect(visits).toBeGreaterThanOrEqual(2);
  expect(bounces).toBeGreaterThanOrEqual(1);
  await expect(cells.nth(6)).toHaveText(`${Math.round((bounces / visits) * 1000) / 10}`);
  expect(Number(await cells.nth(7).textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('columnheader', { name: 'Bounces per visit (%)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'gallery · default · en' })).toBeVisible();

  await range.getByLabel('Per', { exact: true }).selectOption('sub1');
  await range.getByRole('button', { name: 'Show' }).click();
  const subRow = rowWith(page, ['default', 'e2enet', sub]);
  await expect(subRow).toHaveCount(1);
  // Columns: site, network, sub-id, visits, bounces, bounces per visit, signups: this campaign's
  // one visit and one signup; bounces are not known per sub-id.
  await expect(subRow.getByRole('cell').nth(3)).toHaveText('1');
  await expect(subRow.getByRole('cell').nth(4)).toHaveText('—');
  await expect(subRow.getByRole('cell').nth(6)).toHaveText('1');
  await expectAccessible(page, 'staff funnel');
  await page.screenshot({ path: test.info().outputPath('funnel.png'), fullPage: true });
});
