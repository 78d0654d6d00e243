/**
 * The photo buttons of the own profile in German on a 320 px phone (docs/profiles.md, the
 * photo manager): 'Als Profilbild festlegen', 'Nur für Premium-Mitglieder' and 'Löschen' are
 * long words in a tile about 120 px wide. Each label wraps inside its button or switch (no
 * text outside the control, no control outside its tile) and the page never scrolls sideways.
 * A screenshot goes to the test's artifacts.
 */
import sharp from 'sharp';
import { translator } from '#src/i18n/index.ts';
import { test, expect, enterSite } from './fixtures.ts';
import { createMember, logIn, urlOf, type Where } from './journeys.ts';

const DE: Where = { site: 'bdsm', locale: 'de' };
const t = translator('de');

async function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 640, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

test.use({ viewport: { width: 320, height: 640 } });

test('German photo buttons wrap inside their tiles at 320 px', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const email = await createMember(request, 'photos-de', DE);
  expect(await logIn(page, email, undefined, DE)).toBe(200);
  await page.goto(urlOf(DE, '/profile'));
  await enterSite(page);
  const photos = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: t('photos.manager.title'), exact: true }) });
  await expect(photos).toBeVisible({ timeout: 20_000 });
  // Two photos: the second is not the profile image, so it has every button.
  for (const [file, colour] of [
    ['eins.jpg', '#aa3366'],
    ['zwei.jpg', '#3366aa'],
  ] as const) {
    const count = await photos
      .getByRole('listitem')
      .filter({ has: page.getByRole('img') })
      .count();
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: file, mimeType: 'image/jpeg', buffer: await jpeg(colour) });
    await expect(photos.getByRole('listitem').filter({ has: page.getByRole('img') })).toHaveCount(count + 1);
  }
  const setMain = photos.getByRole('button', { name: t('photos.manager.set_main') });
  await expect(setMain).toBeVisible();
  await expect(photos.getByRole('switch', { name: t('photos.manager.premium_only') })).toBeVisible();
  await photos.scrollIntoViewIfNeeded();
  await testInfo.attach('photo-buttons-320-de', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  const controls = await photos.getByRole('listitem').evaluateAll((tiles) =>
    tiles.flatMap((tile) => {
      const edge = tile.getBoundingClientRect();
      return Array.from(tile.querySelectorAll<HTMLElement>('button, label')).map((control) => {
        const box = control.getBoundingClientRect();
        return {
          text: control.textContent.trim(),
          // Text wider than its control shows as scroll width beyond the client width.
          overflows: control.scrollWidth > control.clientWidth + 1,
          outsideTile: box.left < edge.left - 1 || box.right > edge.right + 1,
          height: box.height,
        };
      });
    }),
  );
  expect(controls.map((control) => control.text)).toEqual(
    expect.arrayContaining([
      t('photos.manager.set_main'),
      t('photos.manager.premium_only'),
      t('photos.manager.delete'),
    ]),
  );
  for (const control of controls) {
    expect(control.overflows, `"${control.text}" overflows its control`).toBe(false);
    expect(control.outsideTile, `"${control.text}" sticks out of its tile`).toBe(false);
    // Readable: at least a 40 px target (WCAG 2.5.8 asks 24).
    expect(control.height, `"${control.text}" is too small`).toBeGreaterThanOrEqual(40);
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});
