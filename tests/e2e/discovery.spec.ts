/**
 * Discovery as members meet it, on two sites: the member search (filter, page,
 * infinite scroll), liking a member who likes back (a match on both sides), the like modal
 * of `?t=`, and the swipe game played to the daily limit.
 */
import type { Browser, Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { LIKES_PER_DAY, SEARCH_PAGE_SIZE, SWIPES_PER_DAY } from '#src/lib/constants.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { JOURNEY_SITES, PASSWORD, createMember, label, logIn, urlOf, type Where } from './journeys.ts';

/** A new member logged in on its own browser context, with the page it uses. */
async function memberPage(browser: Browser, where: Where, email: string, page?: Page): Promise<Page> {
  const own = page ?? (await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  expect(await logIn(own, email, PASSWORD, where)).toBe(200);
  return own;
}

/** The ages on the result cards ("Anna, 34" → 34). */
async function cardAges(page: Page, t: ReturnType<typeof translator>): Promise<number[]> {
  const headings = await page
    .getByRole('list', { name: t('search.results'), exact: true })
    .getByRole('heading', { level: 3 })
    .allTextContents();
  return headings.map((h) => Number(/,\s*(\d+)\s*$/.exec(h)?.[1] ?? NaN));
}

// Whole journeys with two members and many requests: on a busy 2-core machine they need
// more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

for (const where of JOURNEY_SITES) {
  const t = translator(where.locale ?? 'en');

  test(`a member searches, filters, pages and scrolls for more (${label(where)})`, async ({ page, request }) => {
    const email = await createMember(request, 'search', where);
    expect(await logIn(page, email, PASSWORD, where)).toBe(200);
    await page.goto(urlOf(where, '/members'));
    await enterSite(page);
    await expect(page.getByRole('heading', { level: 1, name: t('search.title') })).toBeVisible();
    const results = page.getByRole('list', { name: t('search.results'), exact: true });
    await expect(results.getByRole('article').first()).toBeVisible();

    // Every age, every region: more than one page of members.
    const filters = page.getByRole('form', { name: t('search.filters.label') });
    await filters.getByLabel(t('search.filters.age')).selectOption({ label: t('search.filters.age_all') });
    await expect(results.getByRole('article')).toHaveCount(SEARCH_PAGE_SIZE);

    // Infinite scroll: the marker at the end loads the next page.
    await page.locator('[data-load-more]').scrollIntoViewIfNeeded();
    await expect.poll(async () => results.getByRole('article').count()).toBeGreaterThan(SEARCH_PAGE_SIZE);

    // A narrower age range starts again at page 1 with only those ages.
    await filters
      .getByLabel(t('search.filters.age'))
      .selectOption({ label: t('search.filters.age_range', { min: 18, max: 25 }) });
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect
      .poll(async () => {
        const ages = await cardAges(page, t);
        return ages.length > 0 && ages.every((age) => age <= 25);
      })
      .toBe(true);

    // Back to every age; a page opened by its number offers the members before it.
    await filters.getByLabel(t('search.filters.age')).selectOption({ label: t('search.filters.age_all') });
    await expect(results.getByRole('article')).toHaveCount(SEARCH_PAGE_SIZE);
    const firstOfPageOne = await results.getByRole('heading', { level: 3 }).first().textContent();
    await page.goto(urlOf(where, '/members?page=2'));
    const earlier = page.getByRole('button', { name: t('search.earlier') });
    await expect(earlier).toBeVisible();
    await expect(results.getByRole('heading', { level: 3 }).first()).not.toHaveText(firstOfPageOne ?? '');
    await earlier.click();
    await expect(results.getByRole('heading', { level: 3 }).first()).toHaveText(firstOfPageOne ?? '');
  });

  test(`a like that is liked back is a match on both sides; the like modal brings a new like (${label(where)})`, async ({
    page,
    browser,
    request,
  }) => {
    const [emailA, emailB] = await Promise.all([
      createMember(request, 'liker', where),
      createMember(request, 'liked', where),
    ]);
    const pageB = await memberPage(browser, where, emailB);
    const { user: userB } = await pageB.evaluate(
      async () =>
        (await fetch('/api/user.php', { headers: { accept: 'application/json' } })).json() as Promise<{
          user: { name: string; profile: { id: string } };
        }>,
    );
    const nameB = userB.name;

    // A likes B on B's profile page.
    await memberPage(browser, where, emailA, page);
    await page.goto(urlOf(where, `/members/${userB.profile.id}`));
    await enterSite(page);
    await page.getByRole('button', { name: t('member_profile.actions.like'), exact: true }).click();
    await expect(page.getByText(t('member_profile.like_state.did-like', { name: nameB }))).toBeVisible();

    // B finds A among the received likes and likes back: it's a match.
    await pageB.goto(urlOf(where, '/likes'));
    await enterSite(pageB);
    await pageB
      .getByRole('button', { name: new RegExp(`^${t('likes.actions.like_back')}\\W*, E2E liker`) })
      .first()
      .click();
    const match = pageB.getByRole('dialog', { name: t('likes.match.title') });
    await expect(match).toBeVisible();
    await match.getByRole('button', { name: t('likes.match.keep_browsing') }).click();
    await expect(match).toBeHidden();

    // A sees the match: on B's profile and in the matches tab.
    await page.reload();
    await expect(page.getByText(t('member_profile.like_state.match', { name: nameB }))).toBeVisible();
    await page.goto(urlOf(where, '/likes/matches'));
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${nameB},`) })).toBeVisible();

    // The like modal of ?t=1: a new like shows, and t leaves the URL.
    await pageB.goto(urlOf(where, '/members?t=1'));
    const modal = pageB.getByRole('dialog');
    await expect(modal.getByText(t('likes.modal.new_like'))).toBeVisible({ timeout: 10_000 });
    await expect(pageB).not.toHaveURL(/[?&]t=/);
    await pageB.context().close();
  });

  test(`the swipe game goes on with No after the daily likes (${label(where)})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const email = await createMember(request, 'swipe', where);
    expect(await logIn(page, email, PASSWORD, where)).toBe(200);
    // The game shows a decision at once and sends it behind the scenes (one after another).
    let answered = 0;
    page.on('requestfinished', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/swipe.php') answered += 1;
    });
    await page.goto(urlOf(where, '/swipe-game'));
    await enterSite(page);
    await expect(page.getByRole('heading', { level: 1, name: t('swipe.title') })).toBeVisible();
    const yes = page.getByRole('button', { name: t('swipe.yes'), exact: true });
    const no = page.getByRole('button', { name: t('swipe.no'), exact: true });
    // A No costs a swipe, not a like.
    await no.click();
    await expect(page.getByText(t('swipe.likes_left', { number: LIKES_PER_DAY }))).toBeVisible();
    for (let left = LIKES_PER_DAY - 1; left >= 0; left--) {
      await yes.click();
      if (left > 0) await expect(page.getByText(t('swipe.likes_left', { number: left }))).toBeVisible();
    }
    // Four likes a day: Yes is off and says why, while swipes remain for No (SWIPES_PER_DAY).
    await expect(yes).toBeDisabled();
    await expect(page.getByText(t('swipe.no_likes.text'))).toBeVisible();
    await expect(page.getByRole('heading', { name: t('swipe.limit.title') })).toBeHidden();
    await expect(page.getByText(t('swipe.swipes_left', { number: SWIPES_PER_DAY - 1 - LIKES_PER_DAY }))).toBeVisible();
    await no.click();
    await expect(page.getByText(t('swipe.swipes_left', { number: SWIPES_PER_DAY - 2 - LIKES_PER_DAY }))).toBeVisible();
    // What the reload shows is what the server has: every decision answered (a reload before
    // that keeps them too, but the new page's first question could overtake them).
    await expect.poll(() => answered).toBe(LIKES_PER_DAY + 2);
    await page.reload();
    await expect(yes).toBeDisabled();
    await expect(page.getByText(t('swipe.no_likes.text'))).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
