/**
 * The members shell as members and visitors meet it (SPEC §2.3 badges, §2.5 title,
 * §2.7 'Complaints'): while a member looks at the search, another member messages and likes
 * her, and without a reload her nav shows the Messages and Likes badges and the page title
 * the '(N) ' count; opening the conversation takes its unread count away again. A visitor
 * finds the complaints form in the footer, sends a complaint, sees its reference, and the
 * confirmation with that reference arrives in the dev inbox, in the language of the site.
 */
import type { Page } from '@playwright/test';
import { sites } from '#sites-config';
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite, siteUrl } from './fixtures.ts';
import {
  EN_DEFAULT,
  JOURNEY_SITES,
  createMember,
  journeyIp,
  label,
  logIn,
  profileIdOf,
  secondBrowser,
  uniqueEmail,
  urlOf,
} from './journeys.ts';

// Each journey loads several screens in two browsers on a busy machine.
test.describe.configure({ timeout: 120_000 });
/** The members area or a screen has loaded, however busy the machine. */
const LOADED = { timeout: 20_000 };
/** News that reaches an open page through the realtime channel. */
const LIVE = { timeout: 20_000 };

const t = translator('en');
const BRAND = sites.find((site) => site.id === EN_DEFAULT.site)!.brand;

/** An entry of the logged-in nav that is shown (the bar on desktop, the tabs on phones). */
function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: t('nav.main_navigation') }).getByRole('link', { name });
}

/** The count badge of a nav entry. */
const badge = (page: Page, name: string) => navLink(page, name).getByText(/^\d+\+?$/);

test('the nav badges and the title count follow messages and likes without a reload', async ({
  page,
  browser,
  request,
}) => {
  const [anna, bert] = await Promise.all([createMember(request, 'shell-a'), createMember(request, 'shell-b')]);
  const other = await secondBrowser(browser);
  const bertPage = await other.newPage();
  try {
    expect(await logIn(page, anna)).toBe(200);
    const annaId = await profileIdOf(page);
    await page.goto(urlOf(EN_DEFAULT, '/members'));
    const messages = navLink(page, t('nav.messages'));
    await expect(messages).toBeVisible(LOADED);
    // A new member has one unread message, the site's welcome; no likes yet.
    await expect(badge(page, t('nav.messages'))).toHaveText('1', LOADED);
    await expect(page).toHaveTitle(`(1) ${t('search.title')} · ${BRAND}`);
    await expect(badge(page, t('nav.likes'))).toHaveCount(0);
    // Gone after a reload or another page load: the news below must come without either.
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    // Bert writes to Anna from her profile's Message link, then likes her.
    expect(await logIn(bertPage, bert)).toBe(200);
    await bertPage.goto(urlOf(EN_DEFAULT, `/members/${annaId}`));
    await bertPage.getByRole('link', { name: t('member_profile.actions.message'), exact: true }).click(LOADED);
    // The first chat of a fresh server may take a moment (the database warms up).
    await expect(bertPage).toHaveURL(/\/chats\/[^/]+$/, LOADED);
    await bertPage.getByRole('textbox', { name: t('chat.composer.label', { name: 'E2E shell-a' }) }).fill('Hi Anna');
    await bertPage.getByRole('button', { name: t('chat.composer.send'), exact: true }).click();
    await expect(bertPage.getByRole('log').getByText('Hi Anna')).toBeVisible();

    // Anna, still on the search, sees the unread message in her nav and in the title.
    await expect(badge(page, t('nav.messages'))).toHaveText('2', LIVE);
    await expect(page).toHaveTitle(`(2) ${t('search.title')} · ${BRAND}`);

    await bertPage.goto(urlOf(EN_DEFAULT, `/members/${annaId}`));
    await bertPage.getByRole('button', { name: t('member_profile.actions.like'), exact: true }).click(LOADED);
    await expect(bertPage.getByRole('button', { name: t('member_profile.actions.unlike'), exact: true })).toBeVisible();

    await expect(badge(page, t('nav.likes'))).toHaveText('1', LIVE);
    await expect(page).toHaveTitle(`(3) ${t('search.title')} · ${BRAND}`);
    expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true);

    // Anna opens the conversation: on desktop the Messages link leads straight to the newest
    // one, on phones through the list. Its unread count leaves the badge and the title.
    if (test.info().project.name === 'desktop') {
      await expect(messages).toHaveAttribute('href', /^\/chats\/[^/]+$/);
      await messages.click();
    } else {
      await messages.click();
      await expect(page).toHaveURL(/\/chats$/);
      await page.getByRole('link', { name: /E2E shell-b/ }).click(LOADED);
    }
    await expect(page).toHaveURL(/\/chats\/[^/]+$/);
    await expect(page.getByRole('log').getByText('Hi Anna')).toBeVisible(LOADED);
    await expect(badge(page, t('nav.messages'))).toHaveText('1');
    await expect(badge(page, t('nav.likes'))).toHaveText('1');
    await expect(page).toHaveTitle(`(2) ${t('chat.title')} · ${BRAND}`);
  } finally {
    await other.close();
  }
});

for (const where of JOURNEY_SITES) {
  test(`a visitor sends a complaint from the footer and gets the confirmation by e-mail (${label(where)})`, async ({
    page,
  }) => {
    const tr = translator(where.locale ?? 'en');
    const brand = sites.find((site) => site.id === where.site)!.brand;
    const email = uniqueEmail('complaint');
    // Complaints are limited per IP address: this visitor comes from one of its own.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': journeyIp() });
    await page.goto(urlOf(where, '/'));
    await enterSite(page);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: tr('footer.complaints'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/complaints$/);
    await expect(page.getByRole('heading', { level: 1, name: tr('complaints.title') })).toBeVisible(LOADED);

    await page.getByLabel(tr('complaints.topic_label')).selectOption({ label: tr('complaints.topics.technical') });
    await page
      .getByLabel(tr('complaints.description_label'))
      .fill('The chat page stays white after I tap a conversation on my phone.');
    await page.getByLabel(tr('complaints.email_label')).fill(email);
    await page.getByRole('button', { name: tr('complaints.submit') }).click();

    await expect(page.getByText(tr('complaints.sent_title'))).toBeVisible(LOADED);
    const shown = page.getByText(/C-[A-Z0-9]{4,}/);
    await expect(shown).toBeVisible();
    const reference = /C-[A-Z0-9]{4,}/.exec((await shown.textContent()) ?? '')![0];
    await expect(shown).toHaveText(tr('complaints.sent_reference', { reference }));

    // The dev inbox, as a developer opens it in the browser.
    await page.goto(siteUrl(where.site, `/_dev/mail?to=${encodeURIComponent(email)}`, where.locale));
    await expect(page.getByRole('heading', { name: tr('complaints.mail.subject', { brand, reference }) })).toBeVisible(
      LOADED,
    );
    await expect(page.getByText(tr('complaints.mail.intro', { reference }))).toBeVisible();
  });
}
