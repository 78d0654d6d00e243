/**
 * The staff accounts section's state (docs/staff.md "Staff accounts"): the list as the server
 * answers it, the account being changed, and the changes (a new account, roles, status, a
 * second-factor reset), each behind a fresh second factor (askForReauth) and each replacing
 * the account's row in the list. Forgotten at logout.
 */
import { atom } from 'nanostores';
import type { StaffRole } from '#src/contract/define.ts';
import {
  getStaffAccounts,
  postStaffAccount,
  postStaffAccountReset,
  postStaffAccountRoles,
  postStaffAccountStatus,
  type StaffAccountRow,
} from '#src/contract/staff-accounts.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { askForReauth, onSessionEnd } from '../session-store.ts';

export const $accounts = atom<StaffAccountRow[] | null>(null);
/** The id of the account whose change form is open. */
export const $editing = atom<number | null>(null);

onSessionEnd(() => {
  $accounts.set(null);
  $editing.set(null);
});

function replace(account: StaffAccountRow): void {
  const list = $accounts.get() ?? [];
  $accounts.set(
    list.some((row) => row.id === account.id)
      ? list.map((row) => (row.id === account.id ? account : row))
      : [...list, account],
  );
}

export const loadAccountsForm = createForm(
  async () => {
    $accounts.set((await environment().api.call(getStaffAccounts, {})).accounts);
  },
  { repeatable: true },
);

export function edit(id: number | null): void {
  $editing.set(id);
  clearOutcomes();
}

/** Before a change: the outcome of the previous one goes, so only the latest is said. */
export function clearOutcomes(): void {
  for (const form of [rolesForm, statusForm, resetForm]) form.reset();
}

export interface NewAccountFields {
  email: string;
  name: string;
  password: string;
  roles: StaffRole[];
  reason: string;
}

export const createAccountForm = createForm(
  async (fields: NewAccountFields) => {
    const { account } = await environment().api.call(postStaffAccount, { body: fields });
    replace(account);
    return account;
  },
  { repeatable: true, handle: askForReauth },
);

export const rolesForm = createForm(
  async (id: number, roles: StaffRole[], reason: string) => {
    replace((await environment().api.call(postStaffAccountRoles, { body: { id, roles, reason } })).account);
  },
  { repeatable: true, handle: askForReauth },
);

export const statusForm = createForm(
  async (id: number, status: StaffAccountRow['status'], reason: string) => {
    replace((await environment().api.call(postStaffAccountStatus, { body: { id, status, reason } })).account);
  },
  { repeatable: true, handle: askForReauth },
);

export const resetForm = createForm(
  async (id: number, passkeys: boolean, reason: string) => {
    replace((await environment().api.call(postStaffAccountReset, { body: { id, passkeys, reason } })).account);
  },
  { repeatable: true, handle: askForReauth },
);
