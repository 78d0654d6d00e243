/**
 * Buying credits as a member meets it (SPEC §2.7 'Credits', 'Payment', 'Repeat order',
 * 'Transaction result', §4 'Payment'), on two sites in two languages, each journey with a new
 * member (who still has the time bonus): the bundles with the discount taken off, paying by
 * card in the sandbox checkout, the result with its toast, the balance and premium for good
 * (the nav's Get Premium becomes Credits); a repeat order, confirmed after it shows what is
 * charged, whose stored card is declined offering 'Try again'; and a failed payment retried
 * with another method.
 */
import type { Page } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { JOURNEY_SITES, createMember, expectErrorAnswers, label, logIn, urlOf, type Where } from './journeys.ts';

/** The member's balance and premium state, as the API tells the page. */
async function account(page: Page): Promise<{ credits: number; paid_user: boolean }> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/user.php', {
      headers: { accept: 'application/json', 'x-request-type': 'client' },
    });
    const { user } = (await answer.json()) as { user: { credits: number; paid_user: boolean } };
    return { credits: user.credits, paid_user: user.paid_user };
  });
}

/** Pays on the sandbox's hosted checkout page with a test card (or none), as `action` says. */
async function sandboxCheckout(
  page: Page,
  where: Where,
  action: 'complete' | 'fail',
  card?: 'declined',
): Promise<string> {
  const t = translator(where.locale ?? 'en');
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  if (card === 'declined') await page.getByRole('radio', { name: /4000 0000 0000 0002/ }).check();
  await page.getByRole('button', { name: t(`billing.sandbox.${action}`) }).click();
  await expect(page).toHaveURL(/\/transactions\/[A-Z0-9]+$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/**
 * Once a paid user, the members area may ask for the welcome discount again, which the
 * server refuses with 400 code_first_purchase and the client ignores (SPEC §8). Watches
 * those answers from now on; the returned function waits until none is on its way and drops
 * exactly their console lines.
 */
function watchWelcomeRefusals(page: Page): (consoleErrors: string[]) => Promise<void> {
  const isWelcome = (url: string) => url.includes('/api/discountcode.php?welcome=true');
  let pending = 0;
  let refused = 0;
  page.on('request', (r) => {
    if (isWelcome(r.url())) pending++;
  });
  // A response comes before its request finishes: the count is complete once none is pending.
  page.on('response', (r) => {
    if (isWelcome(r.url()) && r.status() === 400) refused++;
  });
  page.on('requestfinished', (r) => {
    if (isWelcome(r.url())) pending--;
  });
  page.on('requestfailed', (r) => {
    if (isWelcome(r.url())) pending--;
  });
  const is400 = (line: string) => line.includes('status of 400');
  return async (consoleErrors) => {
    await expect.poll(() => pending).toBe(0);
    await expect.poll(() => consoleErrors.filter(is400).length).toBeGreaterThanOrEqual(refused);
    for (let n = 0; n < refused; n++) consoleErrors.splice(consoleErrors.findIndex(is400), 1);
  };
}

/**
 * The nav entry (bar on desktop, tabs on phones): the visible one. A paying member's Credits
 * entry is followed by the balance ("Credits 70").
 */
const navLink = (page: Page, name: string) =>
  page
    .getByRole('navigation')
    .getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\d+)?$`) })
    .filter({ visible: true })
    .first();

for (const where of JOURNEY_SITES) {
  const t = translator(where.locale ?? 'en');

  test(`${label(where)}: a new member buys a bundle by card with the welcome discount and is premium for good; a declined stored card offers Try again`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const email = await createMember(request, 'billing', where);
    expect(await logIn(page, email, undefined, where)).toBe(200);
    await page.goto(urlOf(where, '/members'));
    await enterSite(page);
    await navLink(page, t('nav.get_premium')).click();
    await expect(page).toHaveURL(/\/premium$/);
    await page.getByRole('link', { name: t('premium.cta') }).click();

    await expect(page.getByRole('heading', { level: 1, name: t('credits.title') })).toBeVisible();
    await expect(page.getByTestId('credits-offer')).toBeVisible();
    const bundle = page.locator('article[data-tier="p1"]');
    // The time bonus comes off the price: the list price is struck through.
    await expect(bundle.locator('s')).toBeVisible();
    await expect(page.getByTestId('no-subscription')).toContainText(t('credits.no_subscription'));
    const before = await account(page);
    expect(before.paid_user).toBe(false);

    await bundle.getByRole('link', { name: t('credits.choose') }).click();
    await expect(page).toHaveURL(/\/credits\/p1\/creditcard$/);
    await expect(page.getByTestId('no-subscription')).toContainText(t('credits.no_subscription_title'));
    await expect(page.getByTestId('price-lines')).toContainText(/TIMEBONUS25|WELCOME25/);
    await page.getByRole('button', { name: withAmount(t('credits.payment.pay', { amount: AMOUNT })) }).click();

    // The declined test card pays now and is stored; it is refused when charged again.
    const dropWelcomeRefusals = watchWelcomeRefusals(page);
    const paymentId = await sandboxCheckout(page, where, 'complete', 'declined');
    await expect(
      page.getByRole('status').filter({ hasText: t('credits.transaction.toast_completed', { id: paymentId }) }),
    ).toBeVisible();
    await expect(page.getByText(t('credits.transaction.completed_title'))).toBeVisible();
    const after = await account(page);
    expect(after).toEqual({ credits: before.credits + 250, paid_user: true });
    await expect(page.getByTestId('balance')).toHaveText(t('credits.transaction.balance', { count: after.credits }));
    await expect(navLink(page, t('nav.credits'))).toBeVisible();
    await expect(navLink(page, t('nav.get_premium'))).toHaveCount(0);

    // Credits now lead to the repeat order. The stored card is charged only after the member
    // saw what is charged (bundle, price, method) and confirmed; Cancel charges nothing.
    await navLink(page, t('nav.credits')).click();
    await expect(page).toHaveURL(/\/credits\/repeat-order$/);
    const buyAgain = page.getByRole('button', {
      name: withAmount(t('credits.repeat.buy', { credits: 250, amount: AMOUNT })),
    });
    await buyAgain.click();
    const confirm = page.getByTestId('repeat-confirm');
    await expect(confirm.getByRole('heading', { name: t('credits.repeat.confirm_title') })).toBeFocused();
    await expect(confirm).toContainText(t('credits.credits', { count: 250 }));
    await expect(confirm).toContainText('0002');
    await confirm.getByRole('button', { name: t('common.cancel') }).click();
    await expect(confirm).toHaveCount(0);
    expect((await account(page)).credits).toBe(after.credits);
    await buyAgain.click();
    await confirm
      .getByRole('button', { name: withAmount(t('credits.repeat.confirm_pay', { amount: AMOUNT })) })
      .click();
    const failed = page.getByTestId('stored-failed');
    await expect(failed).toContainText(t('api.stored_payment_failed'));
    await failed.getByRole('link', { name: t('credits.repeat.try_card') }).click();
    await expect(page).toHaveURL(/\/credits\/p1\/creditcard$/);
    expect((await account(page)).credits).toBe(after.credits);
    // The declined stored card is answered 402 on purpose.
    expectErrorAnswers(consoleErrors, 402);
    await dropWelcomeRefusals(consoleErrors);
  });

  test(`${label(where)}: a failed payment is retried with another method`, async ({ page, request, consoleErrors }) => {
    test.setTimeout(90_000);
    const email = await createMember(request, 'billing-retry', where);
    expect(await logIn(page, email, undefined, where)).toBe(200);
    await page.goto(urlOf(where, '/credits/p0/creditcard'));
    await enterSite(page);
    const before = await account(page);
    const pay = page.getByRole('button', { name: withAmount(t('credits.payment.pay', { amount: AMOUNT })) });
    await pay.click();
    await sandboxCheckout(page, where, 'fail');
    await expect(page.getByRole('alert').filter({ hasText: t('credits.transaction.failed') })).toBeVisible();
    expect(await account(page)).toEqual(before);

    await page.getByTestId('retry-methods').getByRole('link', { name: 'PayPal' }).click();
    await expect(page).toHaveURL(/\/credits\/p0\/paypal$/);
    await pay.click();
    const dropWelcomeRefusals = watchWelcomeRefusals(page);
    const paymentId = await sandboxCheckout(page, where, 'complete');
    await expect(
      page.getByRole('status').filter({ hasText: t('credits.transaction.toast_completed', { id: paymentId }) }),
    ).toBeVisible();
    expect(await account(page)).toEqual({ credits: before.credits + 50, paid_user: true });
    await expect(navLink(page, t('nav.credits'))).toBeVisible();
    await dropWelcomeRefusals(consoleErrors);
  });
}

const AMOUNT = '\u0000';

/** A text with an amount in it, whatever the amount: translate with AMOUNT, match any. */
function withAmount(text: string): RegExp {
  const [before = '', after = ''] = text.split(AMOUNT).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${before}.+${after}$`);
}
