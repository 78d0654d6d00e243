/** Fixtures of the chat client tests: messages, list items and a fake API answering per endpoint. */
import { ApiError, type ApiClient } from '#src/client/api.ts';
import type { ChatListItem, ChatMessage } from '#src/contract/chat.ts';
import type { Endpoint } from '#src/contract/define.ts';
import { profileCard } from './member-profile-fixtures.ts';

let sequence = 0;

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence += 1;
  return {
    id: `m${sequence}`,
    client_id: null,
    from: 'them',
    kind: 'text',
    text: `Hello ${sequence}`,
    photo: null,
    gift: null,
    gif: null,
    system: null,
    sent_at: new Date(Date.UTC(2026, 0, 15, 11, 0, sequence)).toISOString(),
    read: false,
    status: 'delivered',
    ...overrides,
  };
}

export function chatItem(overrides: Partial<ChatListItem> = {}): ChatListItem {
  return {
    id: 'c1',
    profile: profileCard(),
    system: false,
    last_message: null,
    num_unread_messages: 0,
    updated_at: '2026-01-15T11:00:00.000Z',
    ...overrides,
  };
}

export interface Call {
  path: string;
  method: string;
  query: Record<string, unknown> | undefined;
  body: Record<string, unknown> | undefined;
}

type Answer = (call: Call) => unknown;

/**
 * An API client whose answers come from `answers`, keyed by the endpoint object; an answer
 * that throws is the call's failure. `calls` records every call in order.
 */
export function chatApi(answers: Map<Endpoint, Answer>): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  const api: ApiClient = {
    call: async (endpoint, input = {}) => {
      const call: Call = {
        path: endpoint.path,
        method: endpoint.method,
        query: input.query as Record<string, unknown> | undefined,
        body: input.body as Record<string, unknown> | undefined,
      };
      calls.push(call);
      const answer = answers.get(endpoint);
      if (!answer) throw new Error(`no answer for ${endpoint.method} ${endpoint.path}`);
      await Promise.resolve();
      return answer(call) as never;
    },
  };
  return { api, calls };
}

/** A refusal of the server, as the API client throws it. */
export function refusal(status: number, code: string, message = code): ApiError {
  return new ApiError(status, code, message);
}

/** No answer at all (offline). */
export function offline(): ApiError {
  return new ApiError(0, 'network', 'network');
}
