/**
 * Paying by SEPA direct debit as a member meets it (SPEC §2.7 'Direct debit', §5 'SMS
 * one-time code'): a new member on the Dutch domain opens the SEPA form for a bundle, fills
 * it, ticks the one-time authorization, reads the SMS code from the dev inbox, is told
 * 'Code invalid' for a wrong one and pays with the right one; the result screen shows the
 * completed order.
 */
import type { APIRequestContext } from '@playwright/test';
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { createMember, direct, expectErrorAnswers, logIn, urlOf, type Where } from './journeys.ts';

const where: Where = { site: 'default', locale: 'nl' };
const t = translator('nl');

/** The newest SMS code sent to a number, from the dev inbox. */
async function smsCode(request: APIRequestContext, to: string): Promise<string> {
  const { url, host } = direct(`/_dev/sms.json?to=${encodeURIComponent(to)}`, where);
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get(url, { headers: { host } })).json()) as {
          messages: { text: string }[];
        };
        code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
        return code;
      },
      { message: `an SMS code to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

test('a member pays a bundle by direct debit with the SMS code', async ({ page, request, consoleErrors }) => {
  test.setTimeout(120_000);
  const email = await createMember(request, 'sdd', where);
  expect(await logIn(page, email, undefined, where)).toBe(200);
  await page.goto(urlOf(where, '/directdebit?package=p0'));
  await enterSite(page);
  await expect(page.getByRole('heading', { level: 1, name: t('direct_debit.title') })).toBeVisible();

  const national = `06 1${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const e164 = `+31${national.replace(/\D/g, '').slice(1)}`;
  await page.getByLabel(t('direct_debit.form.holder'), { exact: true }).fill('Sam de Vries');
  const iban = page.getByLabel(t('direct_debit.form.iban'), { exact: true });
  await iban.fill('nl91abna0417164300');
  // Shown as the member reads it on a bank card: upper case, in groups of four.
  await expect(iban).toHaveValue('NL91 ABNA 0417 1643 00');
  await page.getByLabel(t('direct_debit.form.street'), { exact: true }).fill('Keizersgracht');
  await page.getByLabel(t('direct_debit.form.house_number'), { exact: true }).fill('12a');
  await page.getByLabel(t('direct_debit.form.postal_code'), { exact: true }).fill('1015 CX');
  await page.getByLabel(t('direct_debit.form.city'), { exact: true }).fill('Amsterdam');
  await expect(page.getByLabel(t('direct_debit.form.country'), { exact: true })).toHaveValue('NL');
  await page.getByLabel(t('direct_debit.form.phone'), { exact: true }).fill(national);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t('direct_debit.form.submit') }).click();

  await expect(page.getByRole('heading', { level: 2, name: t('direct_debit.code.title') })).toBeVisible();
  await expect(page.getByText('NL91 •••• 4300')).toBeVisible();
  // The resend waits for its countdown.
  await expect(page.getByRole('button', { name: /\d+ s/ })).toBeDisabled();
  const code = await smsCode(request, e164);

  const field = page.getByLabel(t('direct_debit.code.label'), { exact: true });
  await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: t('direct_debit.code.submit') }).click();
  await expect(page.getByText(t('api.code_invalid'), { exact: true })).toBeVisible();

  await field.fill(code);
  await page.getByRole('button', { name: t('direct_debit.code.submit') }).click();
  await expect(page).toHaveURL(/\/transactions\/[A-Z0-9]+$/);
  const paymentId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(
    page.getByRole('status').filter({ hasText: t('credits.transaction.toast_completed', { id: paymentId }) }),
  ).toBeVisible();
  // The wrong code's refusal, shown above, is the one error answer of the journey.
  expectErrorAnswers(consoleErrors, 400);
});
