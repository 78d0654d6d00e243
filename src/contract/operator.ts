/**
 * The operator inbox's answers (SPEC §1 'Fictional profiles'): members' conversations with
 * chat pals (fictional profiles without an account), answered by operators as the chat pal.
 * The calls are the back office's (src/contract/staff-chat-pals.ts, docs/operator.md): staff
 * accounts with the role operator answer as the chat pals assigned to them, admins as every
 * chat pal; the member sites' console of member accounts with a role is retired.
 *
 * Two operators never answer the same conversation: an operator first takes it (a claim
 * that lasts OPERATOR_CLAIM_MS unless renewed or released); taking one someone else holds
 * answers 409 `claimed_by_other`, and a reply needs the operator's own claim (409
 * `claim_required` without one). Replies cost the member nothing and reach the member like
 * any message. Operators keep notes per member, erased with the member.
 *
 * The answers are staff views: a member's profile essentials (no e-mail, coordinates or
 * credits), public ids only, photo URLs of the back office's section.
 */
import * as z from 'zod/mini';
import { GENDERS, INTERESTS } from '#src/lib/constants.ts';
import { chatGif } from './chat.ts';
import { declareErrors } from './define.ts';

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
  /** The holder's name (their staff account's). */
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
  /** The main photo's thumbnail (the section's photo call), null without one. */
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
   * A photo message's image, served by the section's message-photo call to the operator
   * holding the conversation (each view logged); null for the other kinds.
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

/** An operator's note about a member. */
export const operatorNote = z.object({
  text: z.string(),
  /** The author's name; null once that account is gone. */
  author: z.nullable(z.string()),
  /** The caller wrote it. */
  mine: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type OperatorNote = z.infer<typeof operatorNote>;
