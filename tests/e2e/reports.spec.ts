/**
 * Reporting a profile (docs/reports.md): a member opens another member's profile, presses
 * Report, picks a reason, adds a line and sends; the dialog confirms with the report's
 * reference, in the member's language (German on the bdsm site).
 */
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { createMember, logIn, profileIdOf, urlOf, type Where } from './journeys.ts';

const where: Where = { site: 'bdsm', locale: 'de' };
const t = translator('de');

test('a member reports another member’s profile as fake and gets a confirmation', async ({ page, request }) => {
  const reported = await createMember(request, 'reported', where);
  expect(await logIn(page, reported, undefined, where)).toBe(200);
  const reportedId = await profileIdOf(page);
  const reporter = await createMember(request, 'reporter', where);
  expect(await logIn(page, reporter, undefined, where)).toBe(200);

  await page.goto(urlOf(where, `/members/${reportedId}`));
  await enterSite(page);
  await page.locator('[data-report="profile"]').click();
  const dialog = page.getByRole('dialog', { name: t('reports.title_profile') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t('reports.reasons.fake')).check();
  await dialog.getByLabel(t('reports.details')).fill('Die Fotos sind von einer Schauspielerin.');
  await dialog.getByRole('button', { name: t('reports.submit') }).click();
  const confirmation = dialog.getByRole('status');
  await expect(confirmation).toContainText(/R-[A-Z2-9]{8}/);
  const reference = /R-[A-Z2-9]{8}/.exec((await confirmation.textContent()) ?? '')?.[0] ?? '';
  await expect(confirmation).toHaveText(t('reports.done', { reference }));
  await dialog.getByRole('button', { name: t('reports.close') }).click();
  await expect(dialog).toHaveCount(0);
});
