/**
 * A member's page in the back office (docs/staff.md "Members"): the demo moderator opens the
 * premium demo member (seeded with photos and two conversations), sees the photos load from the
 * staff photo call, reads a conversation only after giving a reason (the photo message the
 * member just sent in it shows as an image served by the staff message-photo call), adds a
 * note that appears with its author and then in the search list's notes column, and the page
 * passes axe.
 */
import sharp from 'sharp';
import { expectAccessible } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { logIn, secondBrowser } from './journeys.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, demoStaff, logInAsStaff } from './staff-login.ts';

const MEMBER = 'premium@demo.test';

/** The member sends a photo in their latest conversation (it becomes the newest one). */
async function memberSendsPhoto(browser: Parameters<typeof secondBrowser>[0]): Promise<void> {
  const context = await secondBrowser(browser);
  const member = await context.newPage();
  expect(await logIn(member, MEMBER, 'demo-password')).toBe(200);
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const status = await member.evaluate(
    async (bytes) => {
      const chats = (await (await fetch('/api/chats.php')).json()) as { chats: { id: string; system: boolean }[] };
      const chat = chats.chats.find((item) => !item.system);
      if (!chat) return 0;
      const form = new FormData();
      form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'e2e.jpg');
      form.set('conversation', chat.id);
      form.set('client_id', `e2e-${Date.now()}`);
      const sent = await fetch('/api/chat-photo.php', {
        method: 'POST',
        body: form,
        headers: { 'x-request-type': 'client' },
      });
      return sent.status;
    },
    [...jpeg],
  );
  expect(status).toBe(200);
  await context.close();
}

test('a moderator sees a member photos, reads a conversation with a reason and adds a note', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  await memberSendsPhoto(browser);
  // Desktop logs in as the demo admin (who may do the same): the demo moderator's logins are
  // spread over fewer journeys, each 30-second code step being good for one login.
  const role = test.info().project.name === 'desktop' ? 'admin' : 'moderator';
  await logInAsStaff(page, consoleErrors, role);

  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await page.getByLabel('E-mail, name or member id').fill(MEMBER);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: MEMBER });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').click();

  // Photos: thumbnails from /api/staff/photo, each with its status; the images really load.
  const photos = page.getByTestId('member-photos').getByRole('img');
  await expect(photos.first()).toBeVisible();
  await expect(photos.first()).toHaveAttribute('src', /^\/api\/staff\/photo\?id=.+&v=thumb$/);
  await expect.poll(() => photos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('member-photos')).toContainText('active');

  // Conversations: the list shows no message; reading asks for a reason first.
  const conversations = page.getByRole('region', { name: 'Conversations' });
  await expect(conversations.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByTestId('conversation-messages')).toHaveCount(0);
  await conversations
    .getByRole('button', { name: /^Read messages/ })
    .first()
    .click();
  const reason = page.getByLabel('Why do you need to read this conversation? (stored in the audit log)');
  await expect(reason).toBeVisible();
  await page.getByRole('button', { name: 'Show messages' }).click();
  // The reason is required: nothing is shown without it.
  await expect(page.getByTestId('conversation-messages')).toHaveCount(0);
  await reason.fill('Checking a report of scam messages (e2e)');
  await page.getByRole('button', { name: 'Show messages' }).click();
  const messages = page.getByTestId('conversation-messages').getByRole('listitem');
  await expect(messages.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Messages with / })).toBeVisible();
  // The photo the member just sent: an image from the staff origin's message-photo call, loaded.
  const photo = page.getByTestId('conversation-messages').getByRole('img').first();
  await expect(photo).toHaveAttribute('src', /^\/api\/staff\/member\/message-photo\?id=\d+&message=.+&v=thumb$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A note, listed with its author.
  const note = `Called the member about a report, ${test.info().project.name} ${Date.now()}`;
  await page.getByLabel('New note (kept for good: notes cannot be changed or removed)').fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByTestId('member-notes');
  await expect(notes.getByRole('listitem').filter({ hasText: note })).toContainText(demoStaff(role).email);

  await expectAccessible(page, 'staff member page with photos, a conversation and notes');

  // Back in the search list, the member's row shows the notes and the latest one's first words.
  await page.getByRole('button', { name: 'Back to the search' }).click();
  await page.getByLabel('E-mail, name or member id').fill(MEMBER);
  await page.getByRole('button', { name: 'Search' }).click();
  const notesCell = page.getByRole('row').filter({ hasText: MEMBER }).locator('[data-testid^="member-notes-"]');
  await expect(notesCell).toContainText(/\d+ notes?/);
  await expect(notesCell).toContainText('Called the member about a report');
  await expectAccessible(page, 'staff members search list with notes');
});
