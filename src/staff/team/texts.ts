/**
 * The staff accounts section's texts, English only like the rest of the back office
 * (docs/staff.md "Language").
 */
import type { StaffRole } from '#src/contract/define.ts';

export const TEAM_TEXT = {
  title: 'Staff accounts',
  intro:
    'Who works in the back office and with which roles. Changes need a fresh second factor and a reason; they are in the audit log.',
  list: 'Staff',
  name: 'Name',
  email: 'E-mail address',
  roles: 'Roles',
  status: 'Status',
  second_factor: 'Second factor',
  last_login: 'Last login',
  never: 'never',
  active: 'active',
  disabled: 'disabled',
  app_enrolled: 'app',
  app_missing: 'enrols at next login',
  passkeys: (n: number) => (n === 1 ? '1 passkey' : `${n} passkeys`),
  manage: (name: string) => `Manage ${name}`,
  you: '(you)',
  new_account: 'New staff account',
  new_intro:
    'Hand the temporary password over in person or by phone, never in the same message as the address. At the first login the colleague sets up an authenticator app.',
  password: 'Temporary password',
  password_hint: 'At least 12 characters.',
  reason: 'Reason (for the audit log)',
  create: 'Create the account',
  created: (email: string) => `The account of ${email} is ready.`,
  role_names: {
    admin: 'Admin',
    moderator: 'Moderator',
    operator: 'Chat pal operator',
    finance: 'Finance',
    marketing: 'Marketing',
  } satisfies Record<StaffRole, string>,
  edit_title: (name: string) => `Change ${name}’s account`,
  close: 'Close',
  save_roles: 'Save the roles',
  roles_saved: 'The roles are saved. A role taken away ended the account’s sessions.',
  disable: 'Disable the account',
  enable: 'Enable the account',
  status_saved: (status: string) => `The account is ${status} now.`,
  reset: 'Reset the second factor',
  reset_passkeys: 'Remove the passkeys too',
  reset_done: 'The second factor is reset: the next login sets up the authenticator app again.',
  self_note: 'Your own admin role, status and second factor are changed by another admin.',
} as const;
