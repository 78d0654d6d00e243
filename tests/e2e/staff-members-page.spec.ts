/**
 * A member's page in the back office (docs/staff.md "Members"): the demo moderator opens the
 * premium demo member (seeded with photos and two conversations), sees the photos load from the
 * staff photo call, reads a conversation only after giving a reason, adds a note that appears
 * with its author, and the page passes axe.
 */
import { expectAccessible } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, demoStaff, logInAsStaff } from './staff-login.ts';

const MEMBER = 'premium@demo.test';

test('a moderator sees a member photos, reads a conversation with a reason and adds a note', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
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

  // A note, listed with its author.
  const note = `Called the member about a report, ${test.info().project.name} ${Date.now()}`;
  await page.getByLabel('New note (kept for good: notes cannot be changed or removed)').fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByTestId('member-notes');
  await expect(notes.getByRole('listitem').filter({ hasText: note })).toContainText(demoStaff(role).email);

  await expectAccessible(page, 'staff member page with photos, a conversation and notes');
});
