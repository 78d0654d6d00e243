/**
 * The operator console's store: the inbox with its filters, opening a conversation (with the
 * member's notes), taking it when another operator was faster, replying, and a reply refused
 * because the claim was lost.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '#src/client/api.ts';
import type { OperatorClaim, OperatorInboxItem, OperatorMessage, OperatorProfile } from '#src/contract/operator.ts';
import { createOperatorStore, type OperatorConversation } from '#src/features/operator/operator-store.ts';
import { testEnvironment } from './test-environment.ts';

type Handler = (request: { method: string; query: Record<string, string>; body: unknown }) => {
  status: number;
  body: unknown;
};

/** The real API client over a fetch answering by path; records every call. */
function server(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://x'), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const { status, body } = handler
      ? handler(call)
      : { status: 404, body: { error: { code: 'not_found', message: 'none' } } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { api: createApiClient({ fetch, delay: () => 0 }), calls };
}

const profile = (id: string, name: string): OperatorProfile => ({
  id,
  name,
  age: 40,
  gender: 'female',
  country: 'NL',
  city: 'Utrecht',
  thumb_url: null,
  site: 'default',
  language: 'en',
  about_me: null,
  interests: [],
  photos: [],
});

const message = (id: string, from: 'member' | 'chat_pal', text: string): OperatorMessage => ({
  id,
  from,
  kind: 'text',
  text,
  item: null,
  sent_at: '2025-06-01T12:00:00.000Z',
  read: false,
  operator: from === 'chat_pal' ? 'Me' : null,
});

function conversation(claim: OperatorClaim | null): OperatorConversation {
  return {
    conversation: { id: 'c1', site: 'default', claim, message_length: 1000, waiting_since: '2025-06-01T12:00:00.000Z' },
    member: profile('m1', 'Sam'),
    chat_pal: profile('p1', 'Pia'),
    messages: [message('x1', 'member', 'Hi')],
    has_more: false,
  };
}

const row: OperatorInboxItem = {
  id: 'c1',
  site: 'default',
  chat_pal: { id: 'p1', name: 'Pia', age: 30, gender: 'female', country: 'NL', city: null, thumb_url: null },
  member: { id: 'm1', name: 'Sam', age: 40, gender: 'male', country: 'NL', city: null, thumb_url: null },
  last_message: message('x1', 'member', 'Hi'),
  waiting_since: '2025-06-01T12:00:00.000Z',
  claim: null,
};

const EXPIRES = '2025-06-01T12:10:00.000Z';
const conflict = (code: string, text: string) => ({ status: 409, body: { error: { code, message: text } } });

describe('operator store', () => {
  it('loads the inbox, with the site and waiting filters sent to the server', async () => {
    const { api, calls } = server({
      'GET /api/staff/chat-pals/inbox': () => ({ status: 200, body: { conversations: [row], waiting: 1 } }),
    });
    testEnvironment({ api });
    const store = createOperatorStore();
    await store.load();
    expect(store.$inbox.get()).toMatchObject({ status: 'ready', waiting: 1, conversations: [{ id: 'c1' }] });
    await store.setSite('she');
    await store.setShow('waiting');
    expect(calls.map((c) => c.query)).toEqual([{}, { site: 'she' }, { site: 'she', show: 'waiting' }]);
  });

  it('shows who holds a conversation another operator took first, and offers no reply', async () => {
    let holder: OperatorClaim | null = null;
    const { api } = server({
      'GET /api/staff/chat-pals/conversation': () => ({ status: 200, body: conversation(holder) }),
      'GET /api/staff/chat-pals/notes': () => ({
        status: 200,
        body: { notes: [{ text: 'Likes sailing', author: 'Ann', mine: false, created_at: EXPIRES }] },
      }),
      'POST /api/staff/chat-pals/claim': () => {
        holder = { mine: false, operator: 'Ben', expires_at: EXPIRES };
        return conflict('claimed_by_other', 'Another operator is answering this conversation right now.');
      },
      'GET /api/staff/chat-pals/inbox': () => ({ status: 200, body: { conversations: [row], waiting: 1 } }),
    });
    testEnvironment({ api });
    const store = createOperatorStore();
    await store.open('c1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.$notes.get()).toMatchObject({ status: 'ready', member: 'm1', notes: [{ text: 'Likes sailing' }] });

    await store.take();
    expect(store.$claimError.get()).toBe('Another operator is answering this conversation right now.');
    const state = store.$conversation.get();
    expect(state.status === 'ready' && state.data.conversation.claim).toEqual({
      mine: false,
      operator: 'Ben',
      expires_at: EXPIRES,
    });
    // Without the claim the reply is refused before asking the server.
    expect(await store.reply.submit('Hello')).toBeUndefined();
    expect(store.reply.$error.get()).toBe('Take this conversation first, then answer.');
  });

  it('takes, replies (the message joins the history) and reloads when the claim was lost', async () => {
    let claim: OperatorClaim | null = null;
    let lost = false;
    const { api, calls } = server({
      'GET /api/staff/chat-pals/conversation': () => ({ status: 200, body: conversation(claim) }),
      'GET /api/staff/chat-pals/notes': () => ({ status: 200, body: { notes: [] } }),
      'GET /api/staff/chat-pals/inbox': () => ({ status: 200, body: { conversations: [row], waiting: 0 } }),
      'POST /api/staff/chat-pals/claim': () => {
        claim = { mine: true, operator: 'Me', expires_at: EXPIRES };
        return { status: 200, body: { claim } };
      },
      'POST /api/staff/chat-pals/reply': ({ body }) => {
        if (lost) return conflict('claimed_by_other', 'Another operator is answering this conversation right now.');
        const text = (body as { text: string }).text;
        return { status: 200, body: { message: message('x2', 'chat_pal', text), claim } };
      },
    });
    testEnvironment({ api });
    const store = createOperatorStore();
    await store.open('c1');
    await store.take();
    expect(store.$claimError.get()).toBeNull();

    expect(await store.reply.submit('  Hello Sam  ')).toMatchObject({ id: 'x2', text: 'Hello Sam' });
    const sent = calls.find((c) => c.path === '/api/staff/chat-pals/reply');
    expect(sent?.body).toMatchObject({ conversation: 'c1', text: 'Hello Sam' });
    let state = store.$conversation.get();
    expect(state.status === 'ready' && state.data.messages.map((m) => m.text)).toEqual(['Hi', 'Hello Sam']);
    expect(state.status === 'ready' && state.data.conversation.waiting_since).toBeNull();

    lost = true;
    claim = { mine: false, operator: 'Ben', expires_at: EXPIRES };
    expect(await store.reply.submit('Still there?')).toBeUndefined();
    expect(store.reply.$error.get()).toBe('Another operator is answering this conversation right now.');
    await new Promise((resolve) => setTimeout(resolve, 0));
    state = store.$conversation.get();
    expect(state.status === 'ready' && state.data.conversation.claim?.operator).toBe('Ben');
  });

  it('says so when the conversation left the inbox', async () => {
    const { api } = server({});
    testEnvironment({ api });
    const store = createOperatorStore();
    await store.open('gone');
    expect(store.$conversation.get()).toEqual({ status: 'gone', id: 'gone' });
  });
});
