import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { getChatMessages, getChatStart, getChats, postChatMessage, type ChatMessage } from '#src/contract/chat.ts';
import type { Endpoint } from '#src/contract/define.ts';
import { getSettings } from '#src/contract/site.ts';
import ChatsScreen from '#src/features/chat/ChatsScreen.tsx';
import StartChat from '#src/features/chat/StartChat.tsx';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { START_CHAT_ERROR_TOAST_MS } from '#src/lib/constants.ts';
import { resetChats } from '#src/stores/chats.ts';
import { $router } from '#src/stores/router.ts';
import { $session } from '#src/stores/session.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member } from '../fixtures/members.ts';
import { chatApi, chatItem, chatMessage, offline, refusal, type Call } from './chat-fixtures.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;
const settings = () => ({ settings: { message_length: 500 } });

function withApi(answers: Map<Endpoint, (call: Call) => unknown>) {
  const { api, calls } = chatApi(new Map([[getSettings, settings], ...answers]));
  testEnvironment({ api });
  return calls;
}

function wrap(children: ReactNode) {
  return render(<I18nextProvider i18n={createI18n('en', en)}>{children}</I18nextProvider>);
}

function renderChats(conversationId: string | null) {
  const user = member({ credits: 30 });
  $session.set({ status: 'member', user });
  return wrap(<ChatsScreen user={user} locale="en" brand="Flirt Test" conversationId={conversationId} hash="" />);
}

afterEach(() => {
  cleanup();
  resetChats();
  resetSiteData();
  $session.set({ status: 'loading' });
  vi.useRealTimers();
});

describe('the chats overview', () => {
  it('lists the conversations with their last message and unread count, the site’s own by its name', async () => {
    const last = chatMessage({ text: 'See you tonight?' });
    const system = chatMessage({ from: 'system', kind: 'system', text: null, system: { key: 'welcome', params: {} } });
    withApi(
      new Map([
        [
          getChats,
          () => ({
            chats: [
              chatItem({ id: 'c1', last_message: last, num_unread_messages: 2 }),
              chatItem({ id: 'site', profile: null, system: true, last_message: system }),
            ],
            total_unread: 2,
          }),
        ],
      ]),
    );
    renderChats(null);
    const sanne = await screen.findByRole('link', { name: /Sanne/ });
    expect(sanne.getAttribute('href')).toBe('/chats/c1');
    expect(within(sanne).getByText('See you tonight?')).toBeTruthy();
    expect(within(sanne).getByText('2 unread messages')).toBeTruthy();
    const site = screen.getByRole('link', { name: /Messages from Flirt Test/ });
    expect(within(site).getByText(/Welcome to Flirt Test!/)).toBeTruthy();
  });

  it('offers the member search when there are no conversations', async () => {
    withApi(new Map([[getChats, () => ({ chats: [], total_unread: 0 })]]));
    renderChats(null);
    expect((await screen.findByRole('link', { name: en.chat.list.find_members })).getAttribute('href')).toBe(
      '/members',
    );
  });
});

describe('a conversation', () => {
  const sanne = chatItem({ id: 'c1', profile: profileCard({ id: 'k3x9q', name: 'Sanne', age: 34 }) });
  const page = (messages: ChatMessage[], conversation = sanne) => ({
    conversation,
    messages,
    has_more: false,
    older_hidden: true,
    icebreakers: [],
    can_write: true,
    sending: { start_blocked: false, free: false },
  });

  it('shows the top bar, the privacy note, the messages and the system ones apart, and counts characters', async () => {
    const gift = chatMessage({
      kind: 'gift',
      text: null,
      gift: { key: 'rose', name: 'Rose', image: '/api/gift-image.php?key=rose', credits: 10 },
    });
    withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [sanne], total_unread: 0 })],
        [getChatMessages, () => page([chatMessage({ text: 'Hi Birgit' }), gift])],
      ]),
    );
    renderChats('c1');
    const log = await screen.findByRole('log');
    expect(within(log).getByText('Hi Birgit')).toBeTruthy();
    expect(within(log).getByText('Gift: Rose')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Sanne' });
    expect(
      within(region)
        .getByRole('link', { name: /Sanne, 34/ })
        .getAttribute('href'),
    ).toBe('/members/k3x9q');
    expect(within(region).getByRole('link', { name: '30 credits left – buy credits' }).getAttribute('href')).toBe(
      '/credits',
    );
    expect(screen.getByText(en.chat.conversation.older_hidden)).toBeTruthy();
    const input = await screen.findByRole('textbox', { name: 'Message to Sanne' });
    fireEvent.change(input, { target: { value: 'Hello' } });
    expect(screen.getByText('5 / 500')).toBeTruthy();
  });

  it('a photo that loads and makes the list taller stays in view at the bottom', async () => {
    const photo = chatMessage({
      kind: 'photo',
      text: null,
      photo: {
        url: '/api/chat-photo.php?id=p1',
        thumb_url: '/api/chat-photo.php?id=p1&thumb=1',
        width: 600,
        height: 800,
      },
    });
    withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [sanne], total_unread: 0 })],
        [getChatMessages, () => page([chatMessage({ text: 'Look' }), photo])],
      ]),
    );
    renderChats('c1');
    const log = await screen.findByRole('log');
    const list = log.parentElement as HTMLElement;
    // jsdom lays nothing out: the list's heights are what a phone would measure.
    let height = 600;
    let top = 200;
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = Math.min(value, height - 400);
      },
    });
    fireEvent.scroll(list);
    height = 900; // the photo has loaded
    fireEvent.load(within(log).getByRole('img', { name: en.chat.message.photo }));
    expect(top).toBe(500);
  });

  it('a send that fails stays marked with a retry; the retry delivers it', async () => {
    let online = false;
    const calls = withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [sanne], total_unread: 0 })],
        [getChatMessages, () => page([])],
        [
          postChatMessage,
          (call) =>
            online
              ? {
                  message: chatMessage({ from: 'me', client_id: String(call.body?.['client_id']), text: 'Hello' }),
                  credits: 25,
                }
              : Promise.reject(offline()),
        ],
      ]),
    );
    renderChats('c1');
    const input = await screen.findByRole('textbox', { name: 'Message to Sanne' });
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: en.chat.composer.send }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.chat.message.failed);
    online = true;
    fireEvent.click(within(alert).getByRole('button', { name: en.chat.message.retry }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const log = screen.getByRole('log');
    expect(within(log).getByText('Hello')).toBeTruthy();
    const keys = calls
      .filter((call) => call.method === 'POST' && call.path === postChatMessage.path)
      .map((call) => call.body?.['client_id']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('too few credits: the credit alert with the way to buy credits', async () => {
    withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [sanne], total_unread: 0 })],
        [getChatMessages, () => page([])],
        [postChatMessage, () => Promise.reject(refusal(402, 'insufficient_credits', 'You do not have enough credits'))],
      ]),
    );
    renderChats('c1');
    const input = await screen.findByRole('textbox', { name: 'Message to Sanne' });
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: en.chat.composer.send }));
    const buy = await screen.findByRole('link', { name: en.chat.credits.buy });
    // It names the conversation: the purchase's result leads back to it.
    expect(buy.getAttribute('href')).toBe('/credits?back=/chats/c1');
    expect(screen.getByText(en.chat.credits.title, { selector: 'p' })).toBeTruthy();
  });

  it('a chat pal carries the fictional warning', async () => {
    const pal = chatItem({ id: 'c1', profile: profileCard({ name: 'Mia', type: 'fictional' }) });
    withApi(
      new Map<Endpoint, (call: Call) => unknown>([
        [getChats, () => ({ chats: [pal], total_unread: 0 })],
        [getChatMessages, () => page([], pal)],
      ]),
    );
    renderChats('c1');
    const region = await screen.findByRole('region', { name: 'Mia' });
    expect(within(region).getByRole('note').textContent).toBe(en.fictional.warning);
  });
});

describe('starting a chat', () => {
  it('opens the conversation in the page’s place, keeping #gifts', async () => {
    withApi(new Map([[getChatStart, () => ({ id: 'c9' })]]));
    const open = vi.spyOn($router, 'open');
    wrap(<StartChat profile="k3x9q" hash="#gifts" />);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/chats/c9#gifts', true));
    open.mockRestore();
  });

  it('a failure shows the Error toast for 5 s', async () => {
    vi.useFakeTimers();
    withApi(new Map([[getChatStart, () => Promise.reject(refusal(500, 'internal'))]]));
    wrap(<StartChat profile="k3x9q" hash="" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const toast = screen.getByRole('alert');
    expect(within(toast).getByText('Error')).toBeTruthy();
    expect(within(toast).getByText(en.chat.start.error)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(START_CHAT_ERROR_TOAST_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
