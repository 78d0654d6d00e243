/**
 * The back office's "Chat pals" section (docs/staff.md "Chat pals", docs/operator.md): a
 * member writes to a chat pal on a site; the demo operator (assigned to the default site's
 * chat pals by the demo seed) logs in on the staff origin, sees the conversation, sees the
 * member's next line arrive while it is open, takes it and answers; the member reads the
 * answer. An admin creates a chat pal and reads the workload. /operator on a member site leads
 * to the section. axe on every screen, on phone and desktop (the two projects).
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { EN_DEFAULT, createMember, logIn, secondBrowser, urlOf } from './journeys.ts';
import { STAFF_LOGIN_TEST_TIMEOUT, STAFF_ORIGIN, logInAsStaff } from './staff-login.ts';

/** A chat pal the member may see, found through the search as the member's browser asks it. */
async function findChatPal(page: Page): Promise<{ id: string; name: string }> {
  return page.evaluate(async () => {
    for (let pageNo = 0; pageNo < 10; pageNo += 1) {
      const query = new URLSearchParams({
        manual_search: '1',
        do_not_save: '1',
        searchAllCountries: '1',
        pp: '48',
        page: String(pageNo),
        source: 'e2e',
        hideNudity: '0',
      });
      const answer = (await (
        await fetch(`/api/search.php?${query.toString()}`, { headers: { accept: 'application/json' } })
      ).json()) as {
        profiles: { id: string; name: string; type: string }[];
      };
      const pal = answer.profiles.find((p) => p.type === 'fictional');
      if (pal) return { id: pal.id, name: pal.name };
      if (answer.profiles.length === 0) break;
    }
    throw new Error('no chat pal found in the search');
  });
}

/** The member writes to the profile through the chat calls; answers the conversation id. */
async function writeTo(page: Page, profile: string, text: string): Promise<string> {
  return page.evaluate(
    async ({ profile, text }) => {
      const headers = { accept: 'application/json', 'content-type': 'application/json' };
      const start = (await (
        await fetch(`/api/chat.php?profile=${encodeURIComponent(profile)}`, { headers })
      ).json()) as {
        id: string;
      };
      const sent = await fetch('/api/chat.php', {
        method: 'POST',
        headers,
        body: JSON.stringify({ conversation: start.id, client_id: crypto.randomUUID(), text }),
      });
      if (!sent.ok) throw new Error(`send answered ${sent.status}`);
      return start.id;
    },
    { profile, text },
  );
}

test('an operator on the staff origin answers a member as a chat pal', async ({ page, browser, request }) => {
  // The login may wait for the next 30-second TOTP step (tests/e2e/staff-login.ts).
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  const label = `op-${test.info().project.name}`;
  const email = await createMember(request, label);
  expect(await logIn(page, email)).toBe(200);
  const pal = await findChatPal(page);
  const question = `Hello ${pal.name}, ${label} here. Fancy a chat?`;
  const conversation = await writeTo(page, pal.id, question);

  const operatorContext = await secondBrowser(browser);
  const operator = await operatorContext.newPage();
  const operatorErrors: string[] = [];
  operator.on('console', (message) => {
    if (message.type() === 'error') operatorErrors.push(message.text());
  });
  try {
    await logInAsStaff(operator, operatorErrors, 'operator', '/chat-pals');
    await expect(operator.getByRole('heading', { name: 'Chat pals', level: 1 })).toBeVisible();
    await operator.getByLabel('Show').selectOption('waiting');
    const row = operator.getByRole('button', { name: new RegExp(`E2E ${label} \\(\\d+\\) writes to`) });
    await expect(row).toBeVisible();
    await expectAccessible(operator, 'chat pals inbox');
    await row.click();
    const history = operator.getByTestId('operator-history');
    await expect(history.getByText(question)).toBeVisible();
    await expect(operator.getByText('This is a chat pal', { exact: false }).first()).toBeVisible();

    // The member writes again while the conversation is open: it arrives without a reload.
    const more = `Are you there, ${pal.name}?`;
    await writeTo(page, pal.id, more);
    await expect(history.getByText(more)).toBeVisible({ timeout: 20_000 });

    await operator.getByRole('button', { name: 'Take conversation' }).click();
    await expect(operator.getByText(/You hold this conversation until/)).toBeVisible();
    await expectAccessible(operator, 'chat pals conversation');
    const answer = `Hi ${label}! I would love to chat.`;
    await operator.getByLabel(`Reply as ${pal.name}`).fill(answer);
    await operator.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(history.getByText(answer)).toBeVisible();
    await operator.getByRole('button', { name: 'Release' }).click();
    await expect(operator.getByText(/Nobody holds this conversation/)).toBeVisible();
    // The operator has no admin views.
    await expect(operator.getByRole('button', { name: 'Profiles' })).toHaveCount(0);
    expect(operatorErrors).toEqual([]);

    // The member finds the answer in the conversation.
    await page.goto(urlOf(EN_DEFAULT, `/chats/${conversation}`));
    await expect(page.getByRole('log', { name: 'Messages' }).getByText(answer)).toBeVisible({ timeout: 20_000 });
  } finally {
    await operatorContext.close();
  }
});

test('an admin creates a chat pal and reads the workload; /operator leads to the section', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(STAFF_LOGIN_TEST_TIMEOUT);
  // The member sites' old console address leads to the back office.
  await page.goto(urlOf(EN_DEFAULT, '/operator'));
  await expect(page).toHaveURL(`${STAFF_ORIGIN}/chat-pals`);

  await logInAsStaff(page, consoleErrors, 'admin', '/chat-pals');
  await expect(page.getByRole('heading', { name: 'Chat pals', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Profiles' }).click();
  await expect(page.getByRole('heading', { name: 'Chat pal profiles' })).toBeVisible();
  await expectAccessible(page, 'chat pal profiles');

  const name = `Nova ${test.info().project.name}`;
  await page.getByRole('button', { name: 'New chat pal' }).click();
  const editor = page.getByRole('region', { name: 'New chat pal' });
  await editor.getByLabel('Name', { exact: true }).fill(name);
  await editor.getByLabel('Age', { exact: true }).fill('31');
  await editor.getByLabel('About me').fill('Night owl, loves old films.');
  await expectAccessible(page, 'chat pal editor');
  await editor.getByRole('button', { name: 'Create chat pal' }).click();
  // The editor now holds the new chat pal, and the list has it.
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: `Edit ${name}` })
      .getByText('Saved.')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Workload and answer times' }).click();
  await expect(page.getByRole('heading', { name: 'Operators' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Demo operator/ })).toBeVisible();
  await expectAccessible(page, 'chat pal workload');
});
