/** The "Your account" section's texts, English only like the rest of the back office (docs/staff.md "Language"). */
export const ACCOUNT_TEXT = {
  title: 'Your account',
  passkeys: 'Passkeys',
  intro:
    'A passkey is the safer second factor: your device signs in with a fingerprint, face, PIN or security key, and it cannot be phished. The code of your authenticator app stays as the fallback.',
  none: 'You have no passkey yet.',
  name: 'Name',
  added: 'Added',
  last_used: 'Last used',
  never: 'never',
  actions: 'Actions',
  remove: 'Remove',
  add_title: 'Add a passkey',
  add_intro: 'Name it after the device or key, so you can tell your passkeys apart later.',
  name_label: 'Passkey name',
  add: 'Add passkey',
  added_done: 'Passkey added:',
  removed_done: 'Passkey removed:',
} as const;
