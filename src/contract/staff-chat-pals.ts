/**
 * The back office's "Chat pals" section (docs/staff.md "Chat pals", docs/operator.md): the
 * operator inbox, moved from the member sites, where staff accounts with the role operator
 * answer members as the chat pals assigned to them (admins as every chat pal); the chat pal
 * profiles of each site (always fictional), who answers as which; and each operator's
 * workload and answer times.
 *
 * The inbox answers are the operator feature's DTOs (src/contract/operator.ts). A conversation,
 * note or photo of a chat pal the operator is not assigned to answers 404, as one that does not
 * exist.
 */
import * as z from 'zod/mini';
import { GENDERS } from '#src/lib/constants.ts';
import { COUNTRIES, LOCALES } from '#src/lib/locales.ts';
import { clientIdRef } from './chat.ts';
import { defineEndpoint, type StaffRole } from './define.ts';
import { ABOUT_ME_MAX, NAME_MAX, NAME_MIN } from './limits.ts';
import { publicIdRef } from './members.ts';
import {
  OPERATOR_HISTORY_SIZE,
  OPERATOR_INBOX_SHOW,
  OPERATOR_INBOX_SIZE,
  OPERATOR_NOTE_MAX,
  OPERATOR_NOTES_SIZE,
  operatorClaim,
  operatorInboxItem,
  operatorMessage,
  operatorNote,
  operatorProfile,
} from './operator.ts';
import { PHOTO_URL_VARIANTS, type PhotoUrlVariant } from './photos.ts';

/** Who answers as chat pals: operators as those assigned to them, admins as every one. */
export const CHAT_PAL_OPERATORS = ['operator', 'admin'] as const satisfies readonly StaffRole[];
/** Who manages the chat pals' profiles, assigns operators and reads workloads and answer times. */
export const CHAT_PAL_ADMINS = ['admin'] as const satisfies readonly StaffRole[];

/** The youngest and oldest age a chat pal may be given. */
export const CHAT_PAL_AGE_MIN = 18;
export const CHAT_PAL_AGE_MAX = 99;
/** Chat pals one list answer holds at most (a page; keyset on the profile id). */
export const CHAT_PALS_PAGE_SIZE = 50;
/** Operators one chat pal may have. */
export const CHAT_PAL_OPERATORS_MAX = 50;
/** The longest range of the answer times, in days. */
export const ANSWER_TIMES_MAX_DAYS = 92;

const conversationRef = z.strictObject({ conversation: publicIdRef });
const photoQuery = z.looseObject({ id: publicIdRef, v: z._default(z.enum(PHOTO_URL_VARIANTS), 'full') });
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

// ---------------------------------------------------------------- the inbox

/**
 * GET /api/staff/chat-pals/inbox?site=&show=all|waiting: conversations between members and the
 * caller's chat pals (an admin's: every chat pal), of one site or all, waiting ones first (the
 * member wrote last; the oldest waiting first), then the others (newest first). `waiting`
 * counts every waiting conversation of the filter, also beyond OPERATOR_INBOX_SIZE.
 */
export const getChatPalInbox = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/inbox',
  query: z.looseObject({
    site: z.optional(z.string().check(z.maxLength(40))),
    show: z.optional(z.enum(OPERATOR_INBOX_SHOW)),
  }),
  response: z.object({
    conversations: z.array(operatorInboxItem).check(z.maxLength(OPERATOR_INBOX_SIZE)),
    waiting: z.number().check(z.int(), z.nonnegative()),
  }),
  roles: CHAT_PAL_OPERATORS,
});

/**
 * GET /api/staff/chat-pals/conversation?id=: the conversation for answering it: the member's
 * profile essentials, the chat pal's profile, the newest OPERATOR_HISTORY_SIZE messages both
 * ways (oldest first), who holds it, and the site's message_length. 404 for a conversation that
 * is not between a member and one of the caller's chat pals, or whose member is gone.
 */
export const getChatPalConversation = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/conversation',
  query: z.looseObject({ id: publicIdRef }),
  response: z.object({
    conversation: z.object({
      id: z.string(),
      site: z.string(),
      claim: z.nullable(operatorClaim),
      /** The longest reply the site allows. */
      message_length: z.number().check(z.int(), z.positive()),
      waiting_since: z.nullable(z.string()),
    }),
    member: operatorProfile,
    chat_pal: operatorProfile,
    messages: z.array(operatorMessage).check(z.maxLength(OPERATOR_HISTORY_SIZE)),
    /** Older messages exist beyond the ones listed. */
    has_more: z.boolean(),
  }),
  errors: ['not_found'],
  roles: CHAT_PAL_OPERATORS,
});

/**
 * POST /api/staff/chat-pals/claim {conversation}: takes the conversation for
 * OPERATOR_CLAIM_MS. Atomic: succeeds only when nobody holds it, the holder's claim expired,
 * or the caller holds it already (then it is renewed); otherwise 409 `claimed_by_other`.
 */
export const postChatPalClaim = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/claim',
  body: conversationRef,
  response: z.object({ claim: operatorClaim }),
  errors: ['not_found', 'claimed_by_other'],
  roles: CHAT_PAL_OPERATORS,
});

/**
 * POST /api/staff/chat-pals/renew {conversation}: extends the caller's claim by
 * OPERATOR_CLAIM_MS from now. 409 `claimed_by_other` when another operator holds it,
 * `claim_required` when nobody does.
 */
export const postChatPalRenew = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/renew',
  body: conversationRef,
  response: z.object({ claim: operatorClaim }),
  errors: ['not_found', 'claimed_by_other', 'claim_required'],
  roles: CHAT_PAL_OPERATORS,
});

/** POST /api/staff/chat-pals/release {conversation}: gives the caller's claim back (none held: no error). */
export const postChatPalRelease = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/release',
  body: conversationRef,
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_found'],
  roles: CHAT_PAL_OPERATORS,
});

/**
 * POST /api/staff/chat-pals/reply {conversation, text, client_id}: answers as the chat pal,
 * only while the caller holds the conversation (409 `claim_required` / `claimed_by_other`);
 * the claim is renewed. The member gets it like any message and pays nothing; how long the
 * member waited is recorded for the answer times. 400 `message_too_long` over the site's
 * message_length. A retry with the same client_id answers the message already sent.
 */
export const postChatPalReply = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/reply',
  body: z.strictObject({
    conversation: publicIdRef,
    text: z.string().check(z.trim(), z.minLength(1)),
    client_id: clientIdRef,
  }),
  response: z.object({ message: operatorMessage, claim: operatorClaim }),
  errors: ['not_found', 'claimed_by_other', 'claim_required', 'message_too_long', 'client_id_used'],
  roles: CHAT_PAL_OPERATORS,
});

/**
 * GET /api/staff/chat-pals/notes?member=: the notes about a member who writes with one of the
 * caller's chat pals, newest first (404 for any other profile).
 */
export const getChatPalNotes = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/notes',
  query: z.looseObject({ member: publicIdRef }),
  response: z.object({ notes: z.array(operatorNote).check(z.maxLength(OPERATOR_NOTES_SIZE)) }),
  errors: ['not_found'],
  roles: CHAT_PAL_OPERATORS,
});

/** POST /api/staff/chat-pals/notes {member, text}: adds a note about such a member. */
export const postChatPalNote = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/notes',
  body: z.strictObject({
    member: publicIdRef,
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(OPERATOR_NOTE_MAX)),
  }),
  response: z.object({ note: operatorNote }),
  errors: ['not_found'],
  roles: CHAT_PAL_OPERATORS,
});

/**
 * GET /api/staff/chat-pals/message-photo?id=<message>&v=full|thumb: a photo message's image
 * (image/jpeg) for the operator who holds its conversation now; 404 for anyone else. Each view
 * is logged (who, which conversation and message).
 */
export const getChatPalMessagePhoto = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/message-photo',
  query: photoQuery,
  /** The JPEG's bytes. */
  response: z.string(),
  errors: ['not_found'],
  roles: CHAT_PAL_OPERATORS,
});

/**
 * GET /api/staff/chat-pals/photo?id=<photo>&v=: a profile photo (image/jpeg): for an operator,
 * an active photo of one of their chat pals or of a member writing with one; for an admin, any
 * photo of a chat pal or an active one of a member writing with a chat pal. 404 otherwise.
 */
export const getChatPalPhoto = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/photo',
  query: photoQuery,
  /** The JPEG's bytes. */
  response: z.string(),
  errors: ['not_found'],
  roles: CHAT_PAL_OPERATORS,
});

/** The section's URL of a profile photo. */
export function chatPalPhotoUrl(photoId: string, variant: PhotoUrlVariant): string {
  return `${getChatPalPhoto.path}?id=${encodeURIComponent(photoId)}&v=${variant}`;
}

/** The section's URL of a photo message's image. */
export function chatPalMessagePhotoUrl(messageId: string, variant: 'full' | 'thumb'): string {
  return `${getChatPalMessagePhoto.path}?id=${encodeURIComponent(messageId)}&v=${variant}`;
}

// ---------------------------------------------------------------- profiles (admins)

/** A staff operator as the section lists it. */
export const chatPalOperator = z.object({ id: z.number().check(z.int()), name: z.string(), email: z.string() });
export type ChatPalOperator = z.infer<typeof chatPalOperator>;

/** A chat pal in the admins' list. */
export const chatPalSummary = z.object({
  id: z.string(),
  site: z.string(),
  name: z.string(),
  age: z.number().check(z.int()),
  gender: z.enum(GENDERS),
  /** Always true: a chat pal is fictional and shown with the fictional warning. */
  fictional: z.literal(true),
  active: z.boolean(),
  thumb_url: z.nullable(z.string()),
  operators: z.array(chatPalOperator),
});
export type ChatPalSummary = z.infer<typeof chatPalSummary>;

/** A chat pal's photo with its moderation status (a new photo is inspected like any other). */
export const chatPalPhoto = z.object({
  id: z.string(),
  status: z.enum(['being_inspected', 'active', 'rejected']),
  thumb_url: z.string(),
  url: z.string(),
});

/** A chat pal as the editor shows it. */
export const chatPalDetail = z.extend(chatPalSummary, {
  country: z.string(),
  city: z.nullable(z.string()),
  language: z.string(),
  seeking: z.nullable(z.enum(GENDERS)),
  about_me: z.string(),
  photos: z.array(chatPalPhoto),
});
export type ChatPalDetail = z.infer<typeof chatPalDetail>;

/** What an admin sets on a chat pal. There is no field for the fictional flag: it cannot change. */
export const chatPalFields = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(NAME_MIN), z.maxLength(NAME_MAX)),
  age: z.number().check(z.int(), z.gte(CHAT_PAL_AGE_MIN), z.lte(CHAT_PAL_AGE_MAX)),
  gender: z.enum(GENDERS),
  seeking: z.nullable(z.enum(GENDERS)),
  country: z.enum(COUNTRIES as [string, ...string[]]),
  city: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
  language: z.enum(LOCALES),
  about_me: z.string().check(z.trim(), z.maxLength(ABOUT_ME_MAX)),
  /** Shown to members (search, profile pages) or hidden. */
  active: z.boolean(),
});
export type ChatPalFields = z.infer<typeof chatPalFields>;

/**
 * GET /api/staff/chat-pals/profiles?site=&after=: the chat pals of one site or all, newest
 * first (CHAT_PALS_PAGE_SIZE a page; `next` is the `after` of the next page), each with its
 * operators; and every active staff account with the operator role, for assigning.
 */
export const getChatPals = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/profiles',
  query: z.looseObject({
    site: z.optional(z.string().check(z.maxLength(40))),
    after: z.optional(publicIdRef),
  }),
  response: z.object({
    chat_pals: z.array(chatPalSummary).check(z.maxLength(CHAT_PALS_PAGE_SIZE)),
    next: z.nullable(z.string()),
    operators: z.array(chatPalOperator),
  }),
  errors: ['not_found'],
  roles: CHAT_PAL_ADMINS,
});

/** GET /api/staff/chat-pals/profile?id=: one chat pal for the editor (404 for any other profile). */
export const getChatPal = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/profile',
  query: z.looseObject({ id: publicIdRef }),
  response: z.object({ chat_pal: chatPalDetail }),
  errors: ['not_found'],
  roles: CHAT_PAL_ADMINS,
});

/** POST /api/staff/chat-pals/profiles {site, ...fields}: a new chat pal of a site (audited `chat_pal.create`). */
export const postChatPalCreate = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/profiles',
  body: z.extend(chatPalFields, { site: z.string().check(z.minLength(1), z.maxLength(40)) }),
  response: z.object({ chat_pal: chatPalDetail }),
  errors: ['not_found'],
  roles: CHAT_PAL_ADMINS,
});

/**
 * POST /api/staff/chat-pals/profile {id, site, ...fields}: changes a chat pal (audited
 * `chat_pal.update` with the changed fields before and after). Moving it to another site
 * keeps its conversations on the site they began.
 */
export const postChatPalUpdate = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/profile',
  body: z.extend(chatPalFields, { id: publicIdRef, site: z.string().check(z.minLength(1), z.maxLength(40)) }),
  response: z.object({ chat_pal: chatPalDetail }),
  errors: ['not_found'],
  roles: CHAT_PAL_ADMINS,
});

/**
 * POST /api/staff/chat-pals/profile/photo?id=<chat pal> (multipart/form-data, field `photo`):
 * adds a photo through the members' photo pipeline (re-encoded, EXIF removed), inspected in
 * the photo queue like any other; audited `chat_pal.photo`.
 */
export const postChatPalPhoto = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/profile/photo',
  query: z.looseObject({ id: publicIdRef }),
  response: z.object({ chat_pal: chatPalDetail }),
  errors: ['not_found', 'rate_limited', 'photo_missing', 'photo_type', 'photo_too_large', 'photo_limit'],
  roles: CHAT_PAL_ADMINS,
});

/**
 * POST /api/staff/chat-pals/operators {chat_pal, operators}: who answers as the chat pal: the
 * staff ids given, each an active account with the operator role (400 otherwise); audited
 * `chat_pal.operators` with before and after.
 */
export const postChatPalOperators = defineEndpoint({
  method: 'POST',
  path: '/api/staff/chat-pals/operators',
  body: z.strictObject({
    chat_pal: publicIdRef,
    operators: z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(CHAT_PAL_OPERATORS_MAX)),
  }),
  response: z.object({ chat_pal: chatPalDetail }),
  errors: ['not_found'],
  roles: CHAT_PAL_ADMINS,
});

// ---------------------------------------------------------------- workload and answer times

/** Answer-time percentiles of a group of answers, in seconds. */
export const answerTimes = z.object({
  answers: z.number().check(z.int()),
  median_seconds: z.nullable(z.number()),
  p95_seconds: z.nullable(z.number()),
});

/**
 * GET /api/staff/chat-pals/workload?from=&to=: every operator's workload now (conversations of
 * their chat pals waiting for an answer, conversations they hold) and the answer times (median
 * and 95th percentile of the time from a member's oldest unanswered message to the chat pal's
 * answer) per operator and per chat pal for the UTC days from-to (inclusive, at most
 * ANSWER_TIMES_MAX_DAYS; 400 otherwise).
 */
export const getChatPalWorkload = defineEndpoint({
  method: 'GET',
  path: '/api/staff/chat-pals/workload',
  query: z.looseObject({ from: day, to: day }),
  response: z.object({
    operators: z.array(
      z.extend(chatPalOperator, {
        chat_pals: z.number().check(z.int()),
        waiting: z.number().check(z.int()),
        claimed: z.number().check(z.int()),
        ...answerTimes.shape,
      }),
    ),
    chat_pals: z.array(z.extend(answerTimes, { id: z.string(), name: z.string(), site: z.string() })),
    all: answerTimes,
  }),
  roles: CHAT_PAL_ADMINS,
});
