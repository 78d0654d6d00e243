/**
 * An operator answers as a chat pal (docs/operator.md): a member writes to a chat pal,
 * the operator logs in, opens /operator, takes the conversation and answers; the member
 * finds the answer in the conversation. Each project (phone, desktop) has its own member.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '#src/server/seed/demo-logins.ts';
import { test, expect } from './fixtures.ts';
import { EN_DEFAULT, createMember, logIn, urlOf } from './journeys.ts';

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

test('an operator answers as a chat pal', async ({ page, browser, request }) => {
  test.slow();
  const label = `op-${test.info().project.name}`;
  const email = await createMember(request, label);
  expect(await logIn(page, email)).toBe(200);
  const pal = await findChatPal(page);
  const question = `Hello ${pal.name}, ${label} here. Fancy a chat?`;
  const conversation = await writeTo(page, pal.id, question);

  const operatorContext = await browser.newContext({
    ...(test.info().project.use.viewport ? { viewport: test.info().project.use.viewport } : {}),
  });
  const operator = await operatorContext.newPage();
  try {
    expect(await logIn(operator, 'operator@demo.test', DEMO_PASSWORD)).toBe(200);
    await operator.goto(urlOf(EN_DEFAULT, '/operator'));
    // The console first asks who is signed in.
    await expect(operator.getByRole('heading', { name: 'Chat pal inbox' })).toBeVisible({ timeout: 20_000 });
    await operator.getByLabel('Show').selectOption('waiting');
    const row = operator.getByRole('button', { name: new RegExp(`E2E ${label} \\(\\d+\\) writes to`) });
    await row.click();
    await expect(operator.getByTestId('operator-history').getByText(question)).toBeVisible({ timeout: 15_000 });
    await expect(operator.getByText('This is a chat pal', { exact: false }).first()).toBeVisible();

    await operator.getByRole('button', { name: 'Take conversation' }).click();
    await expect(operator.getByText(/You hold this conversation until/)).toBeVisible();
    const answer = `Hi ${label}! I would love to chat.`;
    await operator.getByLabel(`Reply as ${pal.name}`).fill(answer);
    await operator.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(operator.getByTestId('operator-history').getByText(answer)).toBeVisible();
    await expect(operator.getByLabel(`Reply as ${pal.name}`)).toHaveValue('');

    await operator.getByRole('button', { name: 'Release' }).click();
    await expect(operator.getByText(/Nobody holds this conversation/)).toBeVisible();

    // The member finds the answer in the conversation.
    await page.goto(urlOf(EN_DEFAULT, `/chats/${conversation}`));
    await expect(page.getByRole('log', { name: 'Messages' }).getByText(answer)).toBeVisible({ timeout: 20_000 });
  } finally {
    await operatorContext.close();
  }
});
