/** The member page's further texts (English only, like src/staff/texts.ts; docs/staff.md "Language"). */
export const MEMBER_PAGE_TEXT = {
  photos: 'Photos',
  photo_alt: 'Photo {id}, {status}',
  photo_main: 'main',
  photo_premium: 'premium',
  conversations: 'Conversations',
  col_partner: 'Partner',
  col_last_activity: 'Last activity',
  col_messages: 'Messages',
  col_open: 'Open',
  chat_pal: 'chat pal',
  read: 'Read messages',
  read_reason: 'Why do you need to read this conversation? (stored in the audit log)',
  read_intro: 'Messages are private. Reading them is logged with your reason and the conversation.',
  read_submit: 'Show messages',
  older_messages: 'Older messages',
  close: 'Close',
  from_member: 'Member',
  from_partner: 'Partner',
  messages_of: 'Messages with {name}',
  message_photo_alt: 'Photo from {from}, {when} (opens the full size)',
  notes: 'Staff notes',
  note_text: 'New note (kept for good: notes cannot be changed or removed)',
  note_add: 'Add note',
  account_actions: 'Account',
  activation_mail: 'Resend activation mail',
  export: 'Download data export',
  delete: 'Delete account',
  delete_intro:
    'Deletes the account as a member deletes their own: the profile disappears, sessions end, the member gets the reactivation mail; the purge erases it after the reactivation window.',
  done_activation: 'Activation mail sent.',
  done_export: 'Data export downloaded.',
  done_delete: 'Account deleted.',
} as const;

/** A text with its {placeholders} filled in. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
