/**
 * The rest of the back office's member page (docs/staff.md "Members"): the member's photos,
 * conversations (reading one's messages needs a written reason, kept in the audit log), staff
 * notes, and the actions resend activation, data export and deletion. The search, the page
 * itself and ban, unban, log out and credits are in src/contract/staff.ts.
 */
import * as z from 'zod/mini';
import { declareErrors, defineEndpoint, type StaffRole } from './define.ts';
import { PHOTO_REJECT_REASONS } from './photos.ts';
import { MEMBER_MODERATORS, MEMBER_READERS, STAFF_SESSION_HOURS, staffMemberRow } from './staff.ts';

/** Who may delete a member or download their data export (with a fresh second factor). */
export const MEMBER_ADMINS = ['admin'] as const satisfies readonly StaffRole[];
/** Who may see photos and conversations and resend the activation mail (the staff photo call's roles). */
export const MEMBER_CONTENT_READERS = MEMBER_MODERATORS;

export const STAFF_MEMBERS_ERRORS = declareErrors('staff.errors', {
  /** Deletion of an account that is banned, deleted or purged (only a member's own states are deleted). */
  member_not_deletable: 409,
});

/** A written reason before reading a conversation: at least this long. */
export const READ_REASON_MIN = 10;
export const CONVERSATIONS_PAGE_SIZE = 25;
export const MESSAGES_PAGE_SIZE = 50;
export const NOTE_MAX = 2000;
/** Notes a member's page lists (newest first). */
export const NOTES_SHOWN = 100;

const memberId = z.number().check(z.int(), z.positive());
const memberQuery = z.string().check(z.regex(/^\d{1,18}$/));
const publicId = z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/));
const reason = z.string().check(z.trim(), z.minLength(3), z.maxLength(500));

// ---------------------------------------------------------------- photos

export const staffMemberPhoto = z.object({
  id: z.string(),
  status: z.enum(['being_inspected', 'active', 'rejected']),
  reject_reason: z.nullable(z.enum(PHOTO_REJECT_REASONS)),
  /** The profile's main photo (position 0 among the active ones). */
  main: z.boolean(),
  premium: z.boolean(),
  created_at: z.string(),
  /** GET /api/staff/photo URLs: no lock, no blur for staff. */
  thumb_url: z.string(),
  url: z.string(),
});
export type StaffMemberPhoto = z.infer<typeof staffMemberPhoto>;

/** GET /api/staff/member/photos?id=: every photo of the member's profile, any status, in profile order. */
export const getStaffMemberPhotos = defineEndpoint({
  method: 'GET',
  path: '/api/staff/member/photos',
  query: z.looseObject({ id: memberQuery }),
  response: z.object({ photos: z.array(staffMemberPhoto) }),
  errors: ['not_found'],
  roles: MEMBER_CONTENT_READERS,
});

// ---------------------------------------------------------------- conversations

export const staffConversation = z.object({
  id: z.string(),
  partner: z.object({
    profile_id: z.string(),
    name: z.string(),
    type: z.enum(['member', 'fictional']),
    /** The partner's account (null for a chat pal). */
    account_id: z.nullable(z.number().check(z.int())),
  }),
  last_message_at: z.string(),
  messages: z.number().check(z.int()),
});
export type StaffConversation = z.infer<typeof staffConversation>;

/**
 * GET /api/staff/member/conversations?id=&after=: the member's conversations, latest activity
 * first, CONVERSATIONS_PAGE_SIZE a page (`after`: the previous page's `next`). No message
 * text: reading needs a reason (POST /api/staff/member/conversation).
 */
export const getStaffMemberConversations = defineEndpoint({
  method: 'GET',
  path: '/api/staff/member/conversations',
  query: z.looseObject({
    id: memberQuery,
    after: z.optional(z.string().check(z.regex(/^\d{1,17}\.\d{1,18}$/))),
  }),
  response: z.object({ conversations: z.array(staffConversation), next: z.nullable(z.string()) }),
  errors: ['not_found'],
  roles: MEMBER_CONTENT_READERS,
});

export const staffMessage = z.object({
  id: z.number().check(z.int()),
  /** Who sent it: the member whose page this is, or the partner. */
  from: z.enum(['member', 'partner']),
  kind: z.string(),
  /** The text (or the icebreaker's key); null for a photo, gift or GIF. */
  text: z.nullable(z.string()),
  /** The gift's key or the GIF's id. */
  item: z.nullable(z.string()),
  /** A photo message's files through GET /api/staff/member/message-photo (null for any other kind). */
  photo: z.nullable(z.object({ thumb_url: z.string(), url: z.string() })),
  status: z.string(),
  credits: z.number().check(z.int()),
  sent_at: z.string(),
});
export type StaffMessage = z.infer<typeof staffMessage>;

/**
 * POST /api/staff/member/conversation {id, conversation, reason, before?}: one conversation's
 * messages, newest first, MESSAGES_PAGE_SIZE a page (`before`: the previous page's `next`, a
 * message id). Each call needs a written reason (READ_REASON_MIN characters at least) and
 * writes an audit entry `member.conversation_read` with the conversation's id before it
 * answers.
 */
export const postStaffMemberConversation = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/conversation',
  body: z.strictObject({
    id: memberId,
    conversation: publicId,
    reason: z.string().check(z.trim(), z.minLength(READ_REASON_MIN), z.maxLength(500)),
    before: z.optional(z.number().check(z.int(), z.positive())),
  }),
  response: z.object({
    conversation: staffConversation,
    messages: z.array(staffMessage),
    next: z.nullable(z.number().check(z.int())),
  }),
  errors: ['not_found'],
  roles: MEMBER_CONTENT_READERS,
});

/** The variants of a photo message. */
export const MESSAGE_PHOTO_VARIANTS = ['full', 'thumb'] as const;

/**
 * GET /api/staff/member/message-photo?id=&message=&v=full|thumb: the file of a photo message
 * (the JPEG's bytes, `Cache-Control: private, no-store`) on the staff origin, never a member
 * site's URL. Only for a staff member who gave a reason to read that conversation in the last
 * STAFF_SESSION_HOURS (its audit entry `member.conversation_read` covers each view; each file
 * served is also logged); 404 for a message that is not a photo of one of the member's
 * conversations, or of a conversation not opened with a reason.
 */
export const getStaffMessagePhoto = defineEndpoint({
  method: 'GET',
  path: '/api/staff/member/message-photo',
  query: z.looseObject({
    id: memberQuery,
    message: publicId,
    v: z._default(z.enum(MESSAGE_PHOTO_VARIANTS), 'full'),
  }),
  /** The JPEG's bytes. */
  response: z.string(),
  errors: ['not_found'],
  roles: MEMBER_CONTENT_READERS,
});

/** How long a reason to read a conversation lets its photos be seen: a staff session's longest life. */
export const MESSAGE_PHOTO_GRANT_HOURS = STAFF_SESSION_HOURS;

/** The back office's URL of a photo message's file. */
export function staffMessagePhotoUrl(accountId: number, messageId: string, variant: 'full' | 'thumb'): string {
  return `${getStaffMessagePhoto.path}?id=${accountId}&message=${encodeURIComponent(messageId)}&v=${variant}`;
}

// ---------------------------------------------------------------- notes

export const staffNote = z.object({
  id: z.number().check(z.int()),
  at: z.string(),
  staff_id: z.nullable(z.number().check(z.int())),
  staff_email: z.string(),
  text: z.string(),
});
export type StaffNote = z.infer<typeof staffNote>;

/** GET /api/staff/member/notes?id=: the staff notes about the member, newest first (NOTES_SHOWN). */
export const getStaffMemberNotes = defineEndpoint({
  method: 'GET',
  path: '/api/staff/member/notes',
  query: z.looseObject({ id: memberQuery }),
  response: z.object({ notes: z.array(staffNote) }),
  errors: ['not_found'],
  roles: MEMBER_READERS,
});

/**
 * POST /api/staff/member/notes {id, text}: adds a note. Notes are audit entries
 * (`member.note`): append-only, never edited or removed.
 */
export const postStaffMemberNote = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/notes',
  body: z.strictObject({ id: memberId, text: z.string().check(z.trim(), z.minLength(3), z.maxLength(NOTE_MAX)) }),
  response: z.object({ note: staffNote }),
  errors: ['not_found'],
  roles: MEMBER_READERS,
});

// ---------------------------------------------------------------- actions

const memberAction = z.strictObject({ id: memberId, reason });

/**
 * POST /api/staff/member/activation-mail {id, reason}: mails a not-confirmed member a new
 * activation link (the members' own mail). Limited with the member's own requests (3 an hour
 * per account) and 30 an hour per staff member (429 rate_limited); 409 already_confirmed.
 */
export const postStaffMemberActivationMail = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/activation-mail',
  body: memberAction,
  response: z.object({ sent: z.literal(true) }),
  errors: ['not_found', 'already_confirmed'],
  roles: MEMBER_CONTENT_READERS,
});

/**
 * POST /api/staff/member/export {id, reason}: the member's data export (the same ZIP as the
 * member's own download, GET /api/data-export.php), for a request made outside the site. Admin,
 * with a second factor in the last REAUTH_MINUTES; audited. It does not count against the
 * member's own once-a-day limit.
 */
export const postStaffMemberExport = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/export',
  body: memberAction,
  /** Not JSON: the ZIP's bytes. */
  response: z.never(),
  errors: ['not_found', 'staff_reauth_required'],
  roles: MEMBER_ADMINS,
});

/**
 * POST /api/staff/member/delete {id, reason}: deletes the account the way a member deletes
 * their own (status `deleted`, profile hidden, sessions end, the reactivation mail; the hourly
 * purge erases it after the reactivation window). Admin, with a second factor in the last
 * REAUTH_MINUTES; 409 member_not_deletable for a banned, deleted or purged account.
 */
export const postStaffMemberDelete = defineEndpoint({
  method: 'POST',
  path: '/api/staff/member/delete',
  body: memberAction,
  response: z.object({ member: staffMemberRow, purge_after: z.string() }),
  errors: ['not_found', 'staff_reauth_required', ...STAFF_MEMBERS_ERRORS.codes],
  roles: MEMBER_ADMINS,
});
