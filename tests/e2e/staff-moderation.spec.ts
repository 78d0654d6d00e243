/**
 * Reports and moderation in the back office (docs/staff.md "Reports and moderation"): a
 * member's new photo shows in the staff photo queue with its image loaded from the staff
 * origin and is approved; a member's report about a profile is decided and the reported member
 * receives the statement of reasons by mail; a visitor's complaint sent with a member site's
 * footer form is marked handled in the complaints tab; /moderation on a member site leads to
 * the section; marketing and finance staff are refused the section. Phone logs in as the demo moderator, desktop as the demo admin (both may moderate).
 * No test names a site: they run once, in the default site's shard (scripts/lib/e2e-shards.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { translator } from '#src/i18n/index.ts';
import { MODERATION_TEXT as T } from '#src/staff/moderation/texts.ts';
import { expectAccessible } from './axe.ts';
import { test, expect, enterSite } from './fixtures.ts';
import {
  EN_DEFAULT,
  createMember,
  direct,
  expectErrorAnswers,
  journeyIp,
  logIn,
  profileIdOf,
  memberInSecondBrowser,
  urlOf,
} from './journeys.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, STAFF_ORIGIN, logInAsStaff, staffCallFromPage } from './staff-login.ts';

const t = translator('en');

/** The demo staff member who moderates in this project's run. */
const moderatorRole = () => (test.info().project.name === 'desktop' ? 'admin' : 'moderator');

/** The member's own photos, as the member's page gets them. */
async function ownPhotoStatuses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/photos.php', {
      headers: { accept: 'application/json', 'x-request-type': 'client' },
    });
    return ((await answer.json()) as { photos: { status: string }[] }).photos.map((photo) => photo.status);
  });
}

/** The subjects of the dev inbox's mails to `to`. */
async function subjectsTo(request: APIRequestContext, to: string): Promise<string[]> {
  const { url, host } = direct(`/_dev/mail.json?to=${encodeURIComponent(to)}`);
  const { mails } = (await (await request.get(url, { headers: { host } })).json()) as { mails: { subject: string }[] };
  return mails.map((mail) => mail.subject);
}

test('a moderator sees a member’s new photo in the staff queue, loaded, and approves it', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  // A retry uploads a photo of its own: the first try's may still wait in the queue.
  const label = `staff-photo-${test.info().project.name}-${test.info().retry}`;
  const { context: memberContext, page: member } = await memberInSecondBrowser(browser, request, label);
  await member.goto(urlOf(EN_DEFAULT, '/profile'));
  await enterSite(member);
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#2f7d5a' } })
    .jpeg()
    .toBuffer();
  await member.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(member.getByText(t('photos.manager.being_inspected'))).toHaveCount(1);

  await logInAsStaff(page, consoleErrors, moderatorRole(), '/moderation');
  await expect(page.getByRole('heading', { name: T.title, level: 1 })).toBeVisible();
  await page.getByLabel(T.order).selectOption('newest');
  const card = page.getByRole('article', { name: new RegExp(`^E2E ${label}, \\d+$`) });
  await expect(card).toHaveCount(1);
  // The image comes from the staff origin (the member sites' photo.php does not answer there).
  const image = card.getByRole('img', { name: T.photo_alt(`E2E ${label}`) });
  await expect(image).toHaveAttribute('src', /^\/api\/staff\/photo\?/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expectAccessible(page, 'staff photo queue');

  await card.getByRole('button', { name: T.approve }).click();
  await expect(page.getByText(T.decided(1, 0))).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await ownPhotoStatuses(member)).toEqual(['active']);
  await memberContext.close();
});

test('a moderator decides a report about a profile; the member receives the statement of reasons', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const project = test.info().project.name;
  const reported = await memberInSecondBrowser(browser, request, `staff-reported-${project}`);
  const { context: memberContext, page: member } = reported;
  const reportedEmail = reported.email;
  const reportedId = await profileIdOf(member);
  // The reporter, in the same browser from now on.
  expect(await logIn(member, await createMember(request, `staff-reporter-${project}`))).toBe(200);
  const reference = await member.evaluate(async (id) => {
    const answer = await fetch('/api/report.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-type': 'client' },
      body: JSON.stringify({ target: 'profile', id, reason: 'fake', details: 'The photos are of an actress.' }),
    });
    return ((await answer.json()) as { reference: string }).reference;
  }, reportedId);
  expect(reference).toMatch(/^R-/);
  await memberContext.close();

  await logInAsStaff(page, consoleErrors, moderatorRole(), '/moderation');
  await page.getByRole('navigation', { name: T.tabs }).getByRole('button', { name: T.tab_reports }).click();
  // Open reports come oldest first, a page at a time: this one is on the last page so far.
  const open = page.getByRole('button', { name: reference, exact: true });
  const more = page.getByRole('button', { name: T.more });
  await expect(open.or(more)).not.toHaveCount(0);
  while ((await open.count()) === 0) {
    await more.click();
    await expect(open.or(more)).not.toHaveCount(0);
  }
  await expectAccessible(page, 'staff reports');
  await open.click();
  await expect(page.getByRole('heading', { name: T.report_title(reference) })).toBeVisible();
  await expect(page.getByText('The photos are of an actress.')).toBeVisible();
  await expectAccessible(page, 'staff report');

  await page.getByLabel(T.decision, { exact: true }).selectOption('warn');
  await page.getByLabel(T.ground).selectOption('fake_profile');
  await page.getByLabel(T.note).fill('Photos found on an agency site');
  await page.getByRole('button', { name: T.decide }).click();
  await expect(page.getByText(T.statement_sent)).toBeVisible();

  const subject = t('reports.statement.subject', {
    brand: 'Flirtmoment',
    content: t('reports.statement.content.profile'),
  });
  await expect.poll(() => subjectsTo(request, reportedEmail), { timeout: 10_000 }).toContain(subject);
});

test('a visitor’s complaint from the footer form shows in the complaints tab, and a moderator marks it handled', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const project = test.info().project.name;
  const email = `complaint.${project}.${Date.now().toString(36)}@example.test`;
  const text = `The chat stays white on my phone (${project} ${test.info().retry}).`;
  // The visitor, in a browser of their own, from an address of their own (complaints are limited per address).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.setExtraHTTPHeaders({ 'x-forwarded-for': journeyIp() });
  await visitor.goto(urlOf(EN_DEFAULT, '/'));
  await enterSite(visitor);
  await visitor
    .getByRole('contentinfo')
    .getByRole('link', { name: t('footer.complaints'), exact: true })
    .click();
  await visitor.getByLabel(t('complaints.topic_label')).selectOption({ label: t('complaints.topics.technical') });
  await visitor.getByLabel(t('complaints.description_label')).fill(text);
  await visitor.getByLabel(t('complaints.email_label')).fill(email);
  await visitor.getByRole('button', { name: t('complaints.submit') }).click();
  const shown = visitor.getByText(/C-[A-Z0-9]{4,}/);
  await expect(shown).toBeVisible({ timeout: 15_000 });
  const reference = /C-[A-Z0-9]{4,}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');

  // /moderation on the member site leads to the back office's section (302).
  await visitor.goto(urlOf(EN_DEFAULT, '/moderation'));
  await expect(visitor).toHaveURL(`${STAFF_ORIGIN}/moderation`);
  expectErrorAnswers(consoleErrors, 403);
  await visitorContext.close();

  await logInAsStaff(page, consoleErrors, moderatorRole(), '/moderation');
  await page.getByRole('navigation', { name: T.tabs }).getByRole('button', { name: T.tab_complaints }).click();
  await page.getByLabel(T.order).selectOption('newest');
  await page.getByLabel(T.site).selectOption('default');
  const open = page.getByRole('button', { name: reference, exact: true });
  await expect(open).toBeVisible();
  await expectAccessible(page, 'staff complaints');
  await open.click();
  await expect(page.getByRole('heading', { name: T.complaint_title(reference) })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole('link', { name: T.answer_mail(email) })).toHaveAttribute(
    'href',
    `mailto:${email}?subject=${reference}`,
  );
  await expectAccessible(page, 'staff complaint');

  await page.getByLabel(T.handle_note).fill('Answered: a fix for the white chat page is on its way');
  await page.getByRole('button', { name: T.mark_handled }).click();
  await expect(page.getByText(T.marked_handled)).toBeVisible();
  await expect(page.getByText(/complaint\.handle — Answered: a fix/)).toBeVisible();
  await expect(page.getByRole('button', { name: T.reopen })).toBeVisible();

  // Back in the list, it left the open complaints and is among the handled ones.
  await page.getByRole('button', { name: T.back }).click();
  await expect(page.getByRole('button', { name: reference, exact: true })).toHaveCount(0);
  await page.getByLabel(T.status).selectOption('handled');
  await expect(page.getByRole('button', { name: reference, exact: true })).toBeVisible();
});

test('marketing and finance staff are refused the moderation section', async ({ page, consoleErrors }) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const role = test.info().project.name === 'desktop' ? 'finance' : 'marketing';
  await logInAsStaff(page, consoleErrors, role, '/moderation');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link')).not.toHaveCount(0);
  await expect(sections.getByRole('link', { name: T.title })).toHaveCount(0);
  // The path opens the first section the role has instead.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(T.title);
  await expectAccessible(page, `staff console for ${role}`);

  for (const path of [
    '/api/staff/moderation/photos',
    '/api/staff/moderation/reports',
    '/api/staff/moderation/complaints',
    '/api/staff/photo?id=x1',
  ]) {
    expect(await staffCallFromPage(page, path), path).toEqual({ status: 403, code: 'forbidden' });
  }
  expectErrorAnswers(consoleErrors, 403);
});
