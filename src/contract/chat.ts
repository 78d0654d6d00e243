/**
 * Chat (SPEC §1 'Chat', §2.7 'Chats overview and conversation', §3 'Conversation / chat list
 * item', §4 Conversations, §5 'Chat input', §6, §7 chats.php / chat.php, §8 'Chat', §9).
 * Messages are text, a photo, a gift, a GIF, an icebreaker (a pickup line of a new chat) or a
 * system message of the site. Sending costs credits (message_credits, photo_credits,
 * gift_credits, an icebreaker its own price) apart from a free member's free messages
 * (FREE_MESSAGES); the debit, its ledger row and the message are one transaction. Every send
 * carries the sender's `client_id`: a retry with the same one is answered with the message
 * already sent and is not charged again.
 *
 * A profile in a conversation is a `profileCard` built for the viewer (a chat pal's card has
 * type 'fictional', and every screen showing it carries the fictional warning). The site's
 * own conversation (system messages) has `system: true` and no profile card.
 */
import * as z from 'zod/mini';
import { declareErrors, defineEndpoint } from './define.ts';
import { profileCard, publicIdRef } from './members.ts';

/** The sender's key of a message: makes a retry idempotent (a UUID or similar). */
export const clientIdRef = z.string().check(z.minLength(8), z.maxLength(64));

/** Error codes of the chat calls with their HTTP status, each with its text `api.<code>`. */
export const CHAT_ERRORS = declareErrors('api', {
  /** A free member starting a third conversation (SPEC §9: 2). */
  free_conversation_limit: 403,
  /** The text is longer than the site's message_length. */
  message_too_long: 400,
  /** The conversation cannot be written to: the site's own, or the other side is gone. */
  chat_closed: 403,
  /** An icebreaker in a conversation that has messages already. */
  icebreaker_used: 409,
  /** A client_id the sender already used for a message in another conversation. */
  client_id_used: 409,
});

/** The gift of a gift message: its catalogue key, localized name and image. */
export const chatGift = z.object({
  key: z.string(),
  name: z.string(),
  image: z.string(),
  credits: z.number().check(z.int()),
});
export type ChatGift = z.infer<typeof chatGift>;

/** A GIF of the GIF search and of a GIF message. */
export const chatGif = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  preview_url: z.string(),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
});
export type ChatGif = z.infer<typeof chatGif>;

/** An icebreaker (pickup line) offered in a new chat, with its price. */
export const chatIcebreaker = z.object({ key: z.string(), text: z.string(), credits: z.number().check(z.int()) });
export type ChatIcebreaker = z.infer<typeof chatIcebreaker>;

/** The system messages of the site (SPEC §1), each with its text `chat.system.<key>`. */
export const SYSTEM_MESSAGES = ['welcome', 'purchase', 'photo_approved', 'photo_rejected'] as const;
export type SystemMessageKey = (typeof SYSTEM_MESSAGES)[number];

/** A message as a participant sees it. */
export const chatMessage = z.object({
  id: z.string(),
  /** The sender's client_id, on the sender's own messages only. */
  client_id: z.nullable(z.string()),
  /** 'me': the viewer sent it; 'them': the other side; 'system': the site. */
  from: z.enum(['me', 'them', 'system']),
  kind: z.enum(['text', 'photo', 'gift', 'gif', 'icebreaker', 'system']),
  /** The text of a text or icebreaker message (in the viewer's language for an icebreaker). */
  text: z.nullable(z.string()),
  photo: z.nullable(
    z.object({
      url: z.string(),
      thumb_url: z.string(),
      width: z.number().check(z.int()),
      height: z.number().check(z.int()),
    }),
  ),
  gift: z.nullable(chatGift),
  gif: z.nullable(chatGif),
  /** A system message: its key (text `chat.system.<key>`) and the text's parameters. */
  system: z.nullable(
    z.object({ key: z.enum(SYSTEM_MESSAGES), params: z.record(z.string(), z.union([z.string(), z.number()])) }),
  ),
  /** ISO 8601. */
  sent_at: z.string(),
  /** On my messages: the other side has read it. */
  read: z.boolean(),
  /**
   * 'held': my message waits until my e-mail address is confirmed (SPEC §4); the other side
   * does not see it yet. 'delivered' otherwise.
   */
  status: z.enum(['delivered', 'held']),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A conversation in the overview (SPEC §3 'Conversation / chat list item'). */
export const chatListItem = z.object({
  id: z.string(),
  /** The other profile as the viewer sees it; null for the site's own conversation. */
  profile: z.nullable(profileCard),
  /** The site's conversation of system messages. */
  system: z.boolean(),
  last_message: z.nullable(chatMessage),
  num_unread_messages: z.number().check(z.int(), z.nonnegative()),
  /** ISO 8601 of the newest message the viewer may see (the list is ordered by it). */
  updated_at: z.string(),
});
export type ChatListItem = z.infer<typeof chatListItem>;

/**
 * GET /api/chats.php (SPEC §7): the viewer's conversations, newest first, with the other
 * profile, the last message and the unread count. Conversations the viewer deleted come back
 * only with a newer message; those with a member the viewer may no longer see are left out.
 */
export const getChats = defineEndpoint({
  method: 'GET',
  path: '/api/chats.php',
  response: z.object({
    chats: z.array(chatListItem),
    /** Unread messages over all conversations (nav badge, title prefix). */
    total_unread: z.number().check(z.int(), z.nonnegative()),
  }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/**
 * GET /api/chat.php?profile=<profile id> (SPEC §7): the id of the conversation with that
 * member, made when there is none yet (it shows in the list once it has a message). 404 for a
 * profile the viewer may not see; 403 `blocked` when it blocked the viewer.
 */
export const getChatStart = defineEndpoint({
  method: 'GET',
  path: '/api/chat.php',
  query: z.looseObject({ profile: publicIdRef }),
  matches: (query) => query['profile'] !== undefined || query['id'] === undefined,
  response: z.object({ id: z.string() }),
  errors: ['authentication_required', 'unknown_site', 'not_found', 'blocked'],
  roles: ['member'],
});

/** What the viewer meets before writing in a conversation (SPEC §6 'Free member'). */
export const chatSending = z.object({
  /**
   * A free member who started FREE_CONVERSATION_STARTS conversations cannot write the first
   * message here (a send answers 403 free_conversation_limit).
   */
  start_blocked: z.boolean(),
  /** The next text or GIF is free: free messages are left (how many is not shown). */
  free: z.boolean(),
});
export type ChatSending = z.infer<typeof chatSending>;

/** How many messages one page of a conversation holds. */
export const CHAT_PAGE_SIZE = 50;

/**
 * GET /api/chat.php?id=<conversation id>&before=<message id>: one page of the conversation,
 * oldest first, at most CHAT_PAGE_SIZE messages before `before` (the newest without it).
 * Reading the newest page marks the conversation read (unread count 0, read state to the
 * other side). Messages older than CHAT_VISIBLE_DAYS are not sent: `older_hidden` says some
 * exist ('Older messages are no longer visible to protect your privacy.').
 */
export const getChatMessages = defineEndpoint({
  method: 'GET',
  path: '/api/chat.php',
  query: z.looseObject({ id: publicIdRef, before: z.optional(publicIdRef) }),
  matches: (query) => query['profile'] === undefined && query['id'] !== undefined,
  response: z.object({
    conversation: chatListItem,
    messages: z.array(chatMessage),
    /** More (visible) messages before the first of this page. */
    has_more: z.boolean(),
    older_hidden: z.boolean(),
    /** The icebreakers offered while the conversation has no messages; empty otherwise. */
    icebreakers: z.array(chatIcebreaker),
    /** The viewer may write here (not the site's conversation, the other side still there). */
    can_write: z.boolean(),
    sending: chatSending,
  }),
  errors: ['authentication_required', 'unknown_site', 'not_found', 'blocked'],
  roles: ['member'],
});

const sendBase = { conversation: publicIdRef, client_id: clientIdRef };

/** What POST /api/chat.php sends as JSON: exactly one of text, gift, gif, icebreaker. */
export const sendMessageBody = z.union([
  z.strictObject({ ...sendBase, text: z.string().check(z.trim(), z.minLength(1)) }),
  z.strictObject({ ...sendBase, gift: z.string().check(z.minLength(1), z.maxLength(40)) }),
  z.strictObject({ ...sendBase, gif: z.string().check(z.minLength(1), z.maxLength(80)) }),
  z.strictObject({ ...sendBase, icebreaker: z.string().check(z.minLength(1), z.maxLength(40)) }),
]);
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** The answer of a send: the message and the sender's balance after it. */
export const sentMessage = z.object({
  message: chatMessage,
  credits: z.number().check(z.int(), z.nonnegative()),
  /** The sender's next text or GIF is free (ChatSending's `free`). */
  free_left: z.boolean(),
});

const sendErrors = [
  'authentication_required',
  'unknown_site',
  'not_found',
  'blocked',
  'insufficient_credits',
  ...CHAT_ERRORS.codes,
] as const;

/**
 * POST /api/chat.php: sends a text, gift, GIF or icebreaker. 402 `insufficient_credits`
 * ('You do not have enough credits'); 403 `free_conversation_limit` for a free member's
 * third conversation; 400 `message_too_long` over message_length; 403 `chat_closed`.
 */
export const postChatMessage = defineEndpoint({
  method: 'POST',
  path: '/api/chat.php',
  body: sendMessageBody,
  response: sentMessage,
  errors: sendErrors,
  roles: ['member'],
});

/** The multipart fields of a photo message (POST /api/chat-photo.php). */
export const CHAT_PHOTO_FIELDS = { photo: 'photo', conversation: 'conversation', client_id: 'client_id' } as const;

/**
 * POST /api/chat-photo.php (multipart: photo, conversation, client_id): sends a photo
 * through the photo pipeline (re-encoded, no metadata kept); costs photo_credits. Errors as
 * postChatMessage plus the upload's (photos contract PHOTO_ERRORS), and 429 `rate_limited`
 * past the member's hourly photos or while their decoding queue is full (docs/chat.md).
 */
export const postChatPhoto = defineEndpoint({
  method: 'POST',
  path: '/api/chat-photo.php',
  response: sentMessage,
  errors: [...sendErrors, 'rate_limited', 'photo_missing', 'photo_type', 'photo_too_large'],
  roles: ['member'],
});

/**
 * GET /api/chat-photo.php?id=<message id>&v=full|thumb: a photo message's image, for the two
 * participants only (404 for anyone else).
 */
export const CHAT_PHOTO_FILE_PATH = '/api/chat-photo.php';

/**
 * DELETE /api/chat.php with body {conversation} (SPEC §7): deletes the conversation for the
 * viewer (the other side keeps theirs). Deleting twice is not an error.
 */
export const deleteChat = defineEndpoint({
  method: 'DELETE',
  path: '/api/chat.php',
  body: z.strictObject({ conversation: publicIdRef }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});

/** POST /api/typing.php {conversation}: the viewer is typing (sent at most every TYPING_EVERY_MS). */
export const postTyping = defineEndpoint({
  method: 'POST',
  path: '/api/typing.php',
  body: z.strictObject({ conversation: publicIdRef }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});

/** GET /api/gifts.php: the gift catalogue in the viewer's language, each at gift_credits. */
export const getGifts = defineEndpoint({
  method: 'GET',
  path: '/api/gifts.php',
  response: z.object({ gifts: z.array(chatGift) }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/** GET /api/gifs.php?q=: GIFs matching the words (the trending ones without q). */
export const getGifs = defineEndpoint({
  method: 'GET',
  path: '/api/gifs.php',
  query: z.looseObject({ q: z.optional(z.string().check(z.maxLength(100))) }),
  response: z.object({ gifs: z.array(chatGif) }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});
