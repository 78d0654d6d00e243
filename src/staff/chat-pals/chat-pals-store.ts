/**
 * The "Chat pals" section's state (docs/staff.md "Chat pals"): the chat pals of the chosen
 * site with their operators, the one being edited (or a new one), and the workload with its
 * date range. Each change reloads what it changed; the screens render these stores and call
 * the forms. The inbox has its own store (src/features/operator/operator-store.ts).
 */
import { atom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { errorBody } from '#src/contract/define.ts';
import {
  getChatPal,
  getChatPals,
  getChatPalWorkload,
  postChatPalCreate,
  postChatPalOperators,
  postChatPalPhoto,
  postChatPalUpdate,
  type ChatPalDetail,
  type ChatPalFields,
  type ChatPalOperator,
  type ChatPalSummary,
} from '#src/contract/staff-chat-pals.ts';
import type { z } from 'zod/mini';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export type Workload = z.output<(typeof getChatPalWorkload)['response']>;

export const $site = atom('');
export const $chatPals = atom<{
  chatPals: ChatPalSummary[];
  operators: ChatPalOperator[];
  /** The `after` of the next page; null: no more. */
  next: string | null;
} | null>(null);
/** The chat pal open in the editor; 'new' for the creation form; null: none. */
export const $editing = atom<ChatPalDetail | 'new' | null>(null);
export const $range = atom<{ from: string; to: string }>(defaultRange(new Date()));
export const $workload = atom<Workload | null>(null);

/** The last seven UTC days, today included. */
export function defaultRange(now: Date): { from: string; to: string } {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { from: day(new Date(now.getTime() - 6 * 86_400_000)), to: day(now) };
}

onSessionEnd(() => {
  $chatPals.set(null);
  $editing.set(null);
  $workload.set(null);
});

async function reloadList(): Promise<void> {
  const site = $site.get();
  const answer = await environment().api.call(getChatPals, { query: site ? { site } : {} });
  $chatPals.set({ chatPals: answer.chat_pals, operators: answer.operators, next: answer.next });
}

export const listForm = createForm(reloadList, { repeatable: true });

/** The next page of the list, added below it. */
export const moreForm = createForm(
  async () => {
    const current = $chatPals.get();
    if (!current?.next) return;
    const site = $site.get();
    const answer = await environment().api.call(getChatPals, {
      query: { ...(site ? { site } : {}), after: current.next },
    });
    $chatPals.set({
      chatPals: [...current.chatPals, ...answer.chat_pals],
      operators: answer.operators,
      next: answer.next,
    });
  },
  { repeatable: true },
);

export function chooseSite(site: string): void {
  $site.set(site);
  void listForm.submit();
}

export const openForm = createForm(
  async (id: string) => {
    $editing.set((await environment().api.call(getChatPal, { query: { id } })).chat_pal);
  },
  { repeatable: true },
);

export function startNew(): void {
  saveForm.reset();
  $editing.set('new');
}

export function closeEditor(): void {
  $editing.set(null);
}

async function edited(chatPal: ChatPalDetail): Promise<void> {
  $editing.set(chatPal);
  await reloadList();
}

export const saveForm = createForm(
  async (site: string, fields: ChatPalFields) => {
    const current = $editing.get();
    const { chat_pal } =
      current === 'new' || current === null
        ? await environment().api.call(postChatPalCreate, { body: { ...fields, site } })
        : await environment().api.call(postChatPalUpdate, { body: { ...fields, site, id: current.id } });
    await edited(chat_pal);
  },
  { repeatable: true },
);

export const operatorsForm = createForm(
  async (chatPal: string, operators: number[]) => {
    await edited(
      (await environment().api.call(postChatPalOperators, { body: { chat_pal: chatPal, operators } })).chat_pal,
    );
  },
  { repeatable: true },
);

/** Sends a photo as the members' upload does (multipart, the client header); the answer is parsed by the contract. */
export const photoForm = createForm(
  async (chatPal: string, file: Blob) => {
    const form = new FormData();
    form.append('photo', file);
    const response = await fetch(`${postChatPalPhoto.path}?id=${encodeURIComponent(chatPal)}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'X-Request-Type': 'client', Accept: 'application/json' },
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorBody.safeParse(body);
      throw error.success
        ? new ApiError(response.status, error.data.error.code, error.data.error.message)
        : new ApiError(response.status, 'internal', '');
    }
    await edited(postChatPalPhoto.response.parse(body).chat_pal);
  },
  { repeatable: true },
);

export const workloadForm = createForm(
  async (range: { from: string; to: string }) => {
    $range.set(range);
    $workload.set(await environment().api.call(getChatPalWorkload, { query: range }));
  },
  { repeatable: true },
);
