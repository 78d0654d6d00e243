/**
 * The operator console's state (docs/operator.md): the inbox of chat pal conversations
 * (site filter, all or waiting only, refreshed every OPERATOR_REFRESH_MS), the open
 * conversation with its claim, the reply and the notes about its member.
 *
 * Claims: `take` asks the server for the conversation; when another operator holds it, the
 * conversation shows who does and the reply box stays closed. While the operator holds it,
 * the claim is renewed every CLAIM_RENEW_MS (half of OPERATOR_CLAIM_MS), so a conversation
 * being worked on does not slip away; `release` gives it back. A reply refused for the claim
 * (someone took it after it expired) reloads the conversation to show the new holder.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import type { OperatorClaim, OperatorInboxItem, OperatorInboxShow, OperatorNote } from '#src/contract/operator.ts';
import {
  getChatPalConversation,
  getChatPalInbox,
  getChatPalNotes,
  postChatPalClaim,
  postChatPalNote,
  postChatPalRelease,
  postChatPalRenew,
  postChatPalReply,
} from '#src/contract/staff-chat-pals.ts';
import type { z } from 'zod';
import { OPERATOR_CLAIM_MS } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError, errorText } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';

/** How often the inbox and the open conversation are loaded again. */
export const OPERATOR_REFRESH_MS = 5_000;
/** How often a held conversation's claim is renewed while it is open. */
export const CLAIM_RENEW_MS = OPERATOR_CLAIM_MS / 2;

export type OperatorConversation = z.output<(typeof getChatPalConversation)['response']>;

export type InboxState =
  | { status: 'loading' }
  /** `reloading`: a fresh list is on its way; the current one stays usable. */
  | { status: 'ready'; conversations: readonly OperatorInboxItem[]; waiting: number; reloading: boolean }
  | { status: 'error'; message: string };

export type ConversationState =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string; data: OperatorConversation }
  /** The conversation left the inbox (the member blocked the chat pal or left). */
  | { status: 'gone'; id: string }
  | { status: 'error'; id: string; message: string };

export type NotesState =
  | { status: 'loading'; member: string }
  | { status: 'ready'; member: string; notes: readonly OperatorNote[] }
  | { status: 'error'; member: string; message: string };

export interface OperatorStore {
  $inbox: ReadableAtom<InboxState>;
  /** The site filter: a site id, or '' for all sites. */
  $site: ReadableAtom<string>;
  $show: ReadableAtom<OperatorInboxShow>;
  $conversation: ReadableAtom<ConversationState>;
  $notes: ReadableAtom<NotesState | null>;
  /** Taking or releasing is under way. */
  $claimBusy: ReadableAtom<boolean>;
  /** Why taking or releasing failed (in the operator's language); null when it did not. */
  $claimError: ReadableAtom<string | null>;
  load: () => Promise<void>;
  setSite: (site: string) => Promise<void>;
  setShow: (show: OperatorInboxShow) => Promise<void>;
  open: (id: string) => Promise<void>;
  close: () => void;
  take: () => Promise<void>;
  release: () => Promise<void>;
  /** Sends a reply as the chat pal: resolves with the message once it went out. */
  reply: Form<[text: string], unknown>;
  addNote: Form<[text: string], unknown>;
  /** Starts the refresh and renewal timers; answers the function that stops them. */
  start: () => () => void;
}

function newClientId(): string {
  return globalThis.crypto.randomUUID();
}

function failureText(error: unknown): string {
  return errorText(error);
}

const isGone = (error: unknown) => error instanceof ApiError && error.code === 'not_found';
const isClaimConflict = (error: unknown) =>
  error instanceof ApiError && (error.code === 'claimed_by_other' || error.code === 'claim_required');

export function createOperatorStore(): OperatorStore {
  const $inbox = atom<InboxState>({ status: 'loading' });
  const $site = atom('');
  const $show = atom<OperatorInboxShow>('all');
  const $conversation = atom<ConversationState>({ status: 'none' });
  const $notes = atom<NotesState | null>(null);
  const $claimBusy = atom(false);
  const $claimError = atom<string | null>(null);
  /** Only the newest load may write the inbox (the filters can change meanwhile). */
  let inboxLoad = 0;
  let conversationLoad = 0;

  async function load(): Promise<void> {
    const number = ++inboxLoad;
    const current = $inbox.get();
    if (current.status === 'ready') $inbox.set({ ...current, reloading: true });
    else $inbox.set({ status: 'loading' });
    const site = $site.get();
    const show = $show.get();
    try {
      const answer = await environment().api.call(getChatPalInbox, {
        query: { ...(site ? { site } : {}), ...(show === 'waiting' ? { show } : {}) },
      });
      if (number !== inboxLoad) return;
      $inbox.set({ status: 'ready', conversations: answer.conversations, waiting: answer.waiting, reloading: false });
    } catch (error) {
      if (number !== inboxLoad) return;
      $inbox.set({ status: 'error', message: failureText(error) });
    }
  }

  const openId = (): string | null => {
    const state = $conversation.get();
    return state.status === 'none' ? null : state.id;
  };

  /** Loads the conversation; `quiet` keeps the current one on screen while it loads. */
  async function loadConversation(id: string, quiet: boolean): Promise<void> {
    const number = ++conversationLoad;
    if (!quiet) $conversation.set({ status: 'loading', id });
    try {
      const data = await environment().api.call(getChatPalConversation, { query: { id } });
      if (number !== conversationLoad || openId() !== id) return;
      $conversation.set({ status: 'ready', id, data });
      const notes = $notes.get();
      if (!notes || notes.member !== data.member.id) void loadNotes(data.member.id);
    } catch (error) {
      if (number !== conversationLoad || openId() !== id) return;
      if (isGone(error)) $conversation.set({ status: 'gone', id });
      // A refresh that fails keeps what is on screen; the next one tries again.
      else if (!quiet) $conversation.set({ status: 'error', id, message: failureText(error) });
    }
  }

  async function loadNotes(member: string): Promise<void> {
    $notes.set({ status: 'loading', member });
    try {
      const { notes } = await environment().api.call(getChatPalNotes, { query: { member } });
      if ($notes.get()?.member === member) $notes.set({ status: 'ready', member, notes });
    } catch (error) {
      if ($notes.get()?.member === member) $notes.set({ status: 'error', member, message: failureText(error) });
    }
  }

  /** Puts a new claim (or none) on the open conversation and its inbox row. */
  function setClaim(id: string, claim: OperatorClaim | null): void {
    const state = $conversation.get();
    if (state.status === 'ready' && state.id === id) {
      $conversation.set({ ...state, data: { ...state.data, conversation: { ...state.data.conversation, claim } } });
    }
    const inbox = $inbox.get();
    if (inbox.status === 'ready') {
      $inbox.set({ ...inbox, conversations: inbox.conversations.map((c) => (c.id === id ? { ...c, claim } : c)) });
    }
  }

  const heldByMe = (): string | null => {
    const state = $conversation.get();
    return state.status === 'ready' && state.data.conversation.claim?.mine ? state.id : null;
  };

  async function claimAction(action: (id: string) => Promise<OperatorClaim | null>): Promise<void> {
    const id = openId();
    if (!id || $claimBusy.get()) return;
    $claimBusy.set(true);
    $claimError.set(null);
    try {
      setClaim(id, await action(id));
      void load();
    } catch (error) {
      $claimError.set(failureText(error));
      if (isGone(error)) $conversation.set({ status: 'gone', id });
      // Someone else holds it now: show who.
      else if (isClaimConflict(error)) await loadConversation(id, true);
    } finally {
      $claimBusy.set(false);
    }
  }

  async function renew(): Promise<void> {
    const id = heldByMe();
    if (!id) return;
    try {
      const { claim } = await environment().api.call(postChatPalRenew, { body: { conversation: id } });
      setClaim(id, claim);
    } catch (error) {
      if (isClaimConflict(error) || isGone(error)) await loadConversation(id, true);
    }
  }

  const reply = createForm(
    async (text: string) => {
      const id = heldByMe();
      if (!id) throw new CheckError('operator.take_first');
      const trimmed = text.trim();
      if (trimmed === '') throw new CheckError('operator.reply_empty', 'text');
      try {
        const answer = await environment().api.call(postChatPalReply, {
          body: { conversation: id, text: trimmed, client_id: newClientId() },
        });
        const state = $conversation.get();
        if (state.status === 'ready' && state.id === id) {
          $conversation.set({
            ...state,
            data: {
              ...state.data,
              conversation: { ...state.data.conversation, claim: answer.claim, waiting_since: null },
              messages: [...state.data.messages, answer.message],
            },
          });
        }
        void load();
        return answer.message;
      } catch (error) {
        if (isClaimConflict(error)) void loadConversation(id, true);
        if (isGone(error)) $conversation.set({ status: 'gone', id });
        throw error;
      }
    },
    { repeatable: true },
  );

  const addNote = createForm(
    async (text: string) => {
      const notes = $notes.get();
      if (!notes) throw new CheckError('operator.notes_unavailable');
      const trimmed = text.trim();
      if (trimmed === '') throw new CheckError('operator.note_empty', 'text');
      const { note } = await environment().api.call(postChatPalNote, {
        body: { member: notes.member, text: trimmed },
      });
      const now = $notes.get();
      if (now?.member === notes.member && now.status === 'ready') $notes.set({ ...now, notes: [note, ...now.notes] });
      return note;
    },
    { repeatable: true },
  );

  return {
    $inbox,
    $site,
    $show,
    $conversation,
    $notes,
    $claimBusy,
    $claimError,
    load,
    async setSite(site) {
      if (site === $site.get()) return;
      $site.set(site);
      $inbox.set({ status: 'loading' });
      await load();
    },
    async setShow(show) {
      if (show === $show.get()) return;
      $show.set(show);
      $inbox.set({ status: 'loading' });
      await load();
    },
    async open(id) {
      if (openId() === id) return;
      $claimError.set(null);
      reply.reset();
      addNote.reset();
      await loadConversation(id, false);
    },
    close() {
      conversationLoad += 1;
      $conversation.set({ status: 'none' });
      $notes.set(null);
      $claimError.set(null);
    },
    take: () =>
      claimAction(async (id) => (await environment().api.call(postChatPalClaim, { body: { conversation: id } })).claim),
    release: () =>
      claimAction(async (id) => {
        await environment().api.call(postChatPalRelease, { body: { conversation: id } });
        return null;
      }),
    reply,
    addNote,
    start() {
      const refresh = setInterval(() => {
        void load();
        const id = openId();
        if (id && $conversation.get().status === 'ready') void loadConversation(id, true);
      }, OPERATOR_REFRESH_MS);
      const renewal = setInterval(() => void renew(), CLAIM_RENEW_MS);
      return () => {
        clearInterval(refresh);
        clearInterval(renewal);
      };
    },
  };
}
