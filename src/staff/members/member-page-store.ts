/**
 * The member page's further parts (docs/staff.md "Members"): photos, conversations and one
 * conversation's messages (read with a written reason, which the server logs), notes, and the
 * actions resend activation, data export (a ZIP download) and deletion (these two behind a
 * fresh second factor). Loaded when a member's page opens; the screens render these stores.
 */
import { atom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { getStaffMember } from '#src/contract/staff.ts';
// The members page's calls, one per part (the server's routes name them the same way).
import * as calls from '#src/contract/staff-members.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { askForReauth, onSessionEnd } from '../session-store.ts';
import { $member } from './members-store.ts';

export interface MemberExtras {
  id: number;
  /** Null: the staff member's roles do not show them. */
  photos: calls.StaffMemberPhoto[] | null;
  conversations: { list: calls.StaffConversation[]; next: string | null } | null;
  notes: calls.StaffNote[];
}

export interface OpenConversation {
  conversation: calls.StaffConversation;
  messages: calls.StaffMessage[];
  next: number | null;
  reason: string;
}

export const $extras = atom<MemberExtras | null>(null);
/** The conversation whose reason form is shown, then its messages once read. */
export const $reading = atom<{ id: string; open: OpenConversation | null } | null>(null);
/** The last action's confirmation ('Activation mail sent.'). */
export const $actionDone = atom<string | null>(null);

function reset(): void {
  $extras.set(null);
  $reading.set(null);
  $actionDone.set(null);
}
onSessionEnd(reset);

/** Loads the parts the roles open (`content`: photos and conversations, moderators and admins). */
export const loadExtrasForm = createForm(
  async (id: number, content: boolean) => {
    reset();
    const { api } = environment();
    const query = { id: String(id) };
    const [photos, conversations, notes] = await Promise.all([
      content ? api.call(calls.getStaffMemberPhotos, { query }) : null,
      content ? api.call(calls.getStaffMemberConversations, { query }) : null,
      api.call(calls.getStaffMemberNotes, { query }),
    ]);
    $extras.set({
      id,
      photos: photos?.photos ?? null,
      conversations: conversations ? { list: conversations.conversations, next: conversations.next } : null,
      notes: notes.notes,
    });
  },
  { repeatable: true, latest: true },
);

export const moreConversationsForm = createForm(
  async () => {
    const extras = $extras.get();
    if (!extras?.conversations?.next) return;
    const page = await environment().api.call(calls.getStaffMemberConversations, {
      query: { id: String(extras.id), after: extras.conversations.next },
    });
    $extras.set({
      ...extras,
      conversations: { list: [...extras.conversations.list, ...page.conversations], next: page.next },
    });
  },
  { repeatable: true },
);

export function askToRead(conversation: string): void {
  $reading.set({ id: conversation, open: null });
}

export function closeConversation(): void {
  $reading.set(null);
}

/** Reads a conversation's newest messages with a reason, or (`older`) the next page with the same reason. */
export const readForm = createForm(
  async (reason: string, older = false) => {
    const extras = $extras.get();
    const reading = $reading.get();
    if (!extras || !reading) return;
    const before = older ? (reading.open?.next ?? undefined) : undefined;
    const page = await environment().api.call(calls.postStaffMemberConversation, {
      body: { id: extras.id, conversation: reading.id, reason, ...(before ? { before } : {}) },
    });
    const earlier = older ? (reading.open?.messages ?? []) : [];
    $reading.set({
      id: reading.id,
      open: { conversation: page.conversation, messages: [...earlier, ...page.messages], next: page.next, reason },
    });
  },
  { repeatable: true },
);

export const noteForm = createForm(
  async (text: string) => {
    const extras = $extras.get();
    if (!extras) return;
    const { note } = await environment().api.call(calls.postStaffMemberNote, { body: { id: extras.id, text } });
    $extras.set({ ...extras, notes: [note, ...extras.notes] });
  },
  { repeatable: true },
);

async function reloadMember(id: number): Promise<void> {
  $member.set(await environment().api.call(getStaffMember, { query: { id: String(id) } }));
}

export const activationMailForm = createForm(
  async (id: number, reason: string) => {
    await environment().api.call(calls.postStaffMemberActivationMail, { body: { id, reason } });
    $actionDone.set('activation');
    await reloadMember(id);
  },
  { repeatable: true },
);

/** The ZIP comes as a download (a link to its bytes, clicked). */
export const exportForm = createForm(
  async (id: number, reason: string) => {
    const response = await fetch(calls.postStaffMemberExport.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
      body: JSON.stringify({ id, reason }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      throw new ApiError(response.status, body?.error?.code ?? 'internal', body?.error?.message ?? response.statusText);
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.zip';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    $actionDone.set('export');
    await reloadMember(id);
  },
  { repeatable: true, handle: askForReauth },
);

export const deleteForm = createForm(
  async (id: number, reason: string) => {
    await environment().api.call(calls.postStaffMemberDelete, { body: { id, reason } });
    $actionDone.set('delete');
    await reloadMember(id);
  },
  { repeatable: true, handle: askForReauth },
);
