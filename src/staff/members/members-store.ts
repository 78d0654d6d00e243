/**
 * The members section's state (docs/staff.md "Members"): the search with its pages, a
 * member's page, and the actions on it (ban, unban, log out everywhere, credit correction
 * behind a fresh second factor). Screens render these stores and call the forms.
 */
import { atom } from 'nanostores';
import {
  getStaffMember,
  getStaffMembers,
  postStaffMemberBan,
  postStaffMemberCredits,
  postStaffMemberLogout,
  postStaffMemberUnban,
  type StaffMemberPage,
  type StaffMemberSearchRow,
} from '#src/contract/staff.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { askForReauth, onSessionEnd } from '../session-store.ts';

export const $results = atom<{ members: StaffMemberSearchRow[]; next: number | null; q: string; site: string } | null>(
  null,
);
export const $member = atom<StaffMemberPage | null>(null);

onSessionEnd(() => {
  $results.set(null);
  $member.set(null);
});

export const searchForm = createForm(
  async (q: string, site: string) => {
    const page = await environment().api.call(getStaffMembers, {
      query: { q: q || undefined, site: site || undefined },
    });
    $results.set({ ...page, q, site });
    $member.set(null);
  },
  { repeatable: true },
);

export const moreForm = createForm(
  async () => {
    const current = $results.get();
    if (!current?.next) return;
    const page = await environment().api.call(getStaffMembers, {
      query: { q: current.q || undefined, site: current.site || undefined, after: String(current.next) },
    });
    $results.set({ ...current, members: [...current.members, ...page.members], next: page.next });
  },
  { repeatable: true },
);

async function reloadMember(id: number): Promise<void> {
  $member.set(await environment().api.call(getStaffMember, { query: { id: String(id) } }));
}

export const openMemberForm = createForm((id: number) => reloadMember(id), { repeatable: true });

export function closeMember(): void {
  $member.set(null);
}

export type MemberAction = 'ban' | 'unban' | 'logout';

export const memberActionForm = createForm(
  async (action: MemberAction, id: number, reason: string) => {
    const { api } = environment();
    const body = { id, reason };
    if (action === 'logout') await api.call(postStaffMemberLogout, { body });
    else await api.call(action === 'ban' ? postStaffMemberBan : postStaffMemberUnban, { body });
    await reloadMember(id);
  },
  { repeatable: true },
);

export const creditsForm = createForm(
  async (id: number, delta: number, reason: string) => {
    await environment().api.call(postStaffMemberCredits, { body: { id, delta, reason } });
    await reloadMember(id);
  },
  { repeatable: true, handle: askForReauth },
);
