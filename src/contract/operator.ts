/**
 * The operator inbox (SPEC §1 'Fictional profiles', §6 roles): members'
 * conversations with chat pals (fictional profiles without an account) land here, and
 * operators answer as the chat pal. Only accounts with the role operator or admin may call
 * these (403 `forbidden` for others); the inbox spans every site of the network.
 *
 * Two operators never answer the same conversation: an operator first takes it (a claim
 * that lasts OPERATOR_CLAIM_MS unless renewed or released); taking one someone else holds
 * answers 409 `claimed_by_other`, and a reply needs the operator's own claim (409
 * `claim_required` without one). Replies cost the member nothing and reach the member like
 * any message. Operators keep notes per member, erased with the member.
 *
 * The answers are staff views: a member's profile essentials (no e-mail, coordinates or
 * credits), public ids only, photo URLs of photo.php (which serves operators the active
 * photos of every site).
 */
import * as z from 'zod/mini';
import { GENDERS, INTERESTS } from '#src/lib/constants.ts';
import { chatGif, clientIdRef } from './chat.ts';
import { declareErrors, defineEndpoint } from './define.ts';
import { publicIdRef } from './members.ts';

/**
 * Error codes of the operator calls, each with its text `api.<code>`; 409: the conversation's
 * state conflicts with the call.
 */
export const OPERATOR_ERRORS = declareErrors('api', {
  /** Another operator holds the conversation (their claim has not expired). */
  claimed_by_other: 409,
  /** Replying or renewing without holding the conversation: take it first. */
  claim_required: 409,
});

/** Conversations one inbox answer lists at most. */
export const OPERATOR_INBOX_SIZE = 100;
/** Messages the conversation view shows at most (the newest). */
export const OPERATOR_HISTORY_SIZE = 200;
/** Notes the notes list answers at most (the newest). */
export const OPERATOR_NOTES_SIZE = 100;
/** The longest note. */
export const OPERATOR_NOTE_MAX = 2000;

/** Who holds a conversation: the operator's display name, and whether it is the caller. */
export const operatorClaim = z.object({
  mine: z.boolean(),
  /** The holder's profile name. */
  operator: z.string(),
  /** ISO 8601: the claim ends then unless renewed. */
  expires_at: z.string(),
});
export type OperatorClaim = z.infer<typeof operatorClaim>;

/** A profile in an inbox row: a chat pal or a member. */
export const operatorProfileBrief = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().check(z.int()),
  gender: z.enum(GENDERS),
  country: z.string(),
  city: z.nullable(z.string()),
  /** The main photo's thumbnail (photo.php), null without one. */
  thumb_url: z.nullable(z.string()),
});
export type OperatorProfileBrief = z.infer<typeof operatorProfileBrief>;

/** A photo of a profile in the conversation view (active photos only). */
export const operatorPhoto = z.object({ id: z.string(), thumb_url: z.string(), url: z.string() });

/** A profile in the conversation view: the member's essentials, or the chat pal's. */
export const operatorProfile = z.extend(operatorProfileBrief, {
  site: z.string(),
  /** Locale code of the profile's language. */
  language: z.string(),
  about_me: z.nullable(z.string()),
  interests: z.array(z.enum(INTERESTS)),
  photos: z.array(operatorPhoto),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

/** A message as the operator sees it. */
export const operatorMessage = z.object({
  id: z.string(),
  from: z.enum(['member', 'chat_pal']),
  kind: z.enum(['text', 'photo', 'gift', 'gif', 'icebreaker']),
  /**
   * A text message's text; an icebreaker's line in the member's language (in the conversation
   * view and a reply); null for the other kinds.
   */
  text: z.nullable(z.string()),
  /** The gift's or icebreaker's catalogue key, or the GIF's id. */
  item: z.nullable(z.string()),
  /** A GIF message's GIF (the asset members get; conversation view only, null when the GIF service fails). */
  gif: z.optional(z.nullable(chatGif)),
  /**
   * A photo message's image, served by OPERATOR_CHAT_PHOTO_PATH to the operator holding the
   * conversation (each view logged); null for the other kinds.
   */
  photo: z.optional(
    z.nullable(z.object({ url: z.string(), thumb_url: z.string(), width: z.number(), height: z.number() })),
  ),
  /** ISO 8601. */
  sent_at: z.string(),
  /** A chat pal's message: the member has read it. A member's: the chat pal's side read it. */
  read: z.boolean(),
  /** The name of the operator who wrote a chat pal's message (null for members' messages). */
  operator: z.nullable(z.string()),
});
export type OperatorMessage = z.infer<typeof operatorMessage>;

/** A conversation in the inbox. */
export const operatorInboxItem = z.object({
  /** The conversation's public id. */
  id: z.string(),
  /** The site of the two profiles. */
  site: z.string(),
  chat_pal: operatorProfileBrief,
  member: operatorProfileBrief,
  last_message: operatorMessage,
  /** ISO 8601 of the member's oldest message since the chat pal's last answer; null: not waiting. */
  waiting_since: z.nullable(z.string()),
  /** Who holds it now; null when nobody does (or the claim expired). */
  claim: z.nullable(operatorClaim),
});
export type OperatorInboxItem = z.infer<typeof operatorInboxItem>;

/** What the inbox lists: all conversations, or only those waiting for an answer. */
export const OPERATOR_INBOX_SHOW = ['all', 'waiting'] as const;
export type OperatorInboxShow = (typeof OPERATOR_INBOX_SHOW)[number];

const conversationRef = z.strictObject({ conversation: publicIdRef });

/**
 * GET /api/operator-inbox.php?site=…&show=all|waiting: conversations between members and
 * chat pals of one site or all, waiting ones first (the member wrote last; the oldest
 * waiting first), then the others (newest first). Conversations whose member is gone
 * (deleted, banned) or blocked the chat pal, or without messages, are left out. `waiting`
 * counts every waiting conversation of the filter, also beyond OPERATOR_INBOX_SIZE.
 */
export const getOperatorInbox = defineEndpoint({
  method: 'GET',
  path: '/api/operator-inbox.php',
  query: z.looseObject({
    site: z.optional(z.string().check(z.maxLength(40))),
    show: z.optional(z.enum(OPERATOR_INBOX_SHOW)),
  }),
  response: z.object({
    conversations: z.array(operatorInboxItem).check(z.maxLength(OPERATOR_INBOX_SIZE)),
    waiting: z.number().check(z.int(), z.nonnegative()),
  }),
  errors: ['authentication_required', 'forbidden'],
  roles: ['operator', 'admin'],
});

/**
 * GET /api/operator-chat-photo.php?id=<message id>&v=full|thumb: a member's or chat pal's
 * photo message (image/jpeg) for the operator who holds the conversation now (their own
 * claim); 404 for anyone else, another operator included, and for a message that is not a
 * delivered photo of a chat pal conversation. Each file served is logged (who, which message).
 */
export const OPERATOR_CHAT_PHOTO_PATH = '/api/operator-chat-photo.php';

/**
 * GET /api/operator-conversation.php?id=<conversation id>: the conversation for answering
 * it: the member's profile essentials, the chat pal's profile, the newest
 * OPERATOR_HISTORY_SIZE messages both ways (oldest first; a member's held messages are not
 * part of it until delivered), who holds it, and the site's message_length. 404 for a
 * conversation that is not between a member and a chat pal, or whose member is gone.
 */
export const getOperatorConversation = defineEndpoint({
  method: 'GET',
  path: '/api/operator-conversation.php',
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
  errors: ['authentication_required', 'forbidden', 'not_found'],
  roles: ['operator', 'admin'],
});

/**
 * POST /api/operator-claim.php {conversation}: takes the conversation for OPERATOR_CLAIM_MS.
 * Atomic: succeeds only when nobody holds it, the holder's claim expired, or the caller
 * holds it already (then it is renewed); otherwise 409 `claimed_by_other`.
 */
export const postOperatorClaim = defineEndpoint({
  method: 'POST',
  path: '/api/operator-claim.php',
  body: conversationRef,
  response: z.object({ claim: operatorClaim }),
  errors: ['authentication_required', 'forbidden', 'not_found', 'claimed_by_other'],
  roles: ['operator', 'admin'],
});

/**
 * POST /api/operator-renew.php {conversation}: extends the caller's claim by
 * OPERATOR_CLAIM_MS from now (also one that just expired, while nobody else took it).
 * 409 `claimed_by_other` when another operator holds it, `claim_required` when nobody does.
 */
export const postOperatorRenew = defineEndpoint({
  method: 'POST',
  path: '/api/operator-renew.php',
  body: conversationRef,
  response: z.object({ claim: operatorClaim }),
  errors: ['authentication_required', 'forbidden', 'not_found', 'claimed_by_other', 'claim_required'],
  roles: ['operator', 'admin'],
});

/**
 * POST /api/operator-release.php {conversation}: gives the conversation back to the inbox.
 * Only the caller's own claim is released; releasing one not held is not an error.
 */
export const postOperatorRelease = defineEndpoint({
  method: 'POST',
  path: '/api/operator-release.php',
  body: conversationRef,
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required', 'forbidden', 'not_found'],
  roles: ['operator', 'admin'],
});

/**
 * POST /api/operator-reply.php {conversation, text, client_id}: answers as the chat pal,
 * only while the caller holds the conversation (409 `claim_required` / `claimed_by_other`);
 * the claim is renewed, not released. The member gets the message like any other (realtime
 * event, unread count) and pays nothing. 400 `message_too_long` over the site's
 * message_length; 404 when the member is gone or blocked the chat pal. A retry with the same
 * client_id answers the message already sent; a client_id the chat pal used in another
 * conversation answers 409 `client_id_used`.
 */
export const postOperatorReply = defineEndpoint({
  method: 'POST',
  path: '/api/operator-reply.php',
  body: z.strictObject({
    conversation: publicIdRef,
    text: z.string().check(z.trim(), z.minLength(1)),
    client_id: clientIdRef,
  }),
  response: z.object({ message: operatorMessage, claim: operatorClaim }),
  errors: [
    'authentication_required',
    'forbidden',
    'not_found',
    'claimed_by_other',
    'claim_required',
    'message_too_long',
    'client_id_used',
  ],
  roles: ['operator', 'admin'],
});

/** An operator's note about a member. */
export const operatorNote = z.object({
  text: z.string(),
  /** The author's profile name; null once that account is gone. */
  author: z.nullable(z.string()),
  /** The caller wrote it. */
  mine: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type OperatorNote = z.infer<typeof operatorNote>;

/** GET /api/operator-notes.php?member=<profile id>: the notes about a member, newest first. */
export const getOperatorNotes = defineEndpoint({
  method: 'GET',
  path: '/api/operator-notes.php',
  query: z.looseObject({ member: publicIdRef }),
  response: z.object({ notes: z.array(operatorNote).check(z.maxLength(OPERATOR_NOTES_SIZE)) }),
  errors: ['authentication_required', 'forbidden', 'not_found'],
  roles: ['operator', 'admin'],
});

/** POST /api/operator-notes.php {member, text}: adds a note about a member (not a chat pal). */
export const postOperatorNote = defineEndpoint({
  method: 'POST',
  path: '/api/operator-notes.php',
  body: z.strictObject({
    member: publicIdRef,
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(OPERATOR_NOTE_MAX)),
  }),
  response: z.object({ note: operatorNote }),
  errors: ['authentication_required', 'forbidden', 'not_found'],
  roles: ['operator', 'admin'],
});
