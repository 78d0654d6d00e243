/**
 * Buying from the chat's credit alert leads back to the chat (SPEC §2.6, §8 'Credits and
 * rights'): the alert's link names the conversation, the credits screen keeps it for the
 * provider's round trip, and a completed purchase offers 'Back to the chat' first. Only a
 * conversation path is taken; /credits opened another way forgets it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import TransactionScreen from '#src/features/credits/TransactionScreen.tsx';
import { forgetReturn, rememberReturn, RETURN_KEPT_MS, returnPath } from '#src/features/credits/return-path.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { $session } from '#src/stores/session.ts';
import { member, scriptedApi } from '../fixtures/members.ts';
import { testEnvironment, type TestEnvironment } from './test-environment.ts';
import { order } from './credits-fixtures.ts';

const en = catalogues.en;

function at(env: TestEnvironment, url: string): void {
  env.location = () => new URL(url, 'http://default.localhost');
}

afterEach(() => {
  cleanup();
  $session.set({ status: 'loading' });
});

describe('the way back to the chat', () => {
  it('keeps the conversation the credits screen was opened from, for a while', () => {
    const env = testEnvironment();
    at(env, '/credits?back=%2Fchats%2Fc-42');
    rememberReturn();
    expect(returnPath()).toBe('/chats/c-42');
    env.advance(RETURN_KEPT_MS + 1);
    expect(returnPath()).toBeNull();
  });

  it('takes only a conversation path (never another site or page)', () => {
    const env = testEnvironment();
    for (const back of ['https://evil.example/chats/1', '//evil.example', '/settings', '/chats/1/../../x', '/chats/']) {
      at(env, `/credits?back=${encodeURIComponent(back)}`);
      rememberReturn();
      expect(returnPath()).toBeNull();
    }
  });

  it('/credits opened without one forgets it; going back forgets it', () => {
    const env = testEnvironment();
    at(env, '/credits?back=/chats/c1');
    rememberReturn();
    at(env, '/credits');
    rememberReturn();
    expect(returnPath()).toBeNull();
    at(env, '/credits?back=/chats/c1');
    rememberReturn();
    forgetReturn();
    expect(returnPath()).toBeNull();
  });

  it('a completed purchase begun in a chat offers Back to the chat first', async () => {
    const { api } = scriptedApi(() => ({
      status: 200,
      body: { order: order({ status: 'completed' }), balance: 253, paid_user: true },
    }));
    const env = testEnvironment({ api });
    at(env, '/credits?back=/chats/c7');
    rememberReturn();
    $session.set({ status: 'member', user: member({ credits: 253, paid_user: true }) });
    render(
      <I18nextProvider i18n={createI18n('en', en)}>
        <TransactionScreen id="ABC123XYZ0" user={member({ credits: 253, paid_user: true })} locale="en" />
      </I18nextProvider>,
    );
    const back = await screen.findByRole('link', { name: en.credits.transaction.back_to_chat });
    expect(back.getAttribute('href')).toBe('/chats/c7');
    expect(back.className).toContain('btn-primary');
    // jsdom does not load pages: the click's own handler is what is tested.
    back.addEventListener('click', (event) => event.preventDefault());
    back.click();
    expect(returnPath()).toBeNull();
  });

  it('without one the result links the messages and the search as before', async () => {
    const { api } = scriptedApi(() => ({
      status: 200,
      body: { order: order({ status: 'completed' }), balance: 253, paid_user: true },
    }));
    testEnvironment({ api });
    render(
      <I18nextProvider i18n={createI18n('en', en)}>
        <TransactionScreen id="ABC123XYZ0" user={member({ credits: 253, paid_user: true })} locale="en" />
      </I18nextProvider>,
    );
    await screen.findByRole('link', { name: en.credits.transaction.to_chats });
    expect(screen.queryByRole('link', { name: en.credits.transaction.back_to_chat })).toBeNull();
  });
});
