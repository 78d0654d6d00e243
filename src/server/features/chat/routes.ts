/**
 * The chat calls (contract src/contract/chat.ts): the list, starting and reading a
 * conversation, sending (JSON and the multipart photo), deleting and typing, plus the
 * participants-only photo files. All for logged-in members of the request's site.
 */
import type { Context, Hono } from 'hono';
import type { SiteConfig } from '#sites-config';
import {
  CHAT_PHOTO_FIELDS,
  CHAT_PHOTO_FILE_PATH,
  clientIdRef,
  deleteChat,
  getChatMessages,
  getChatStart,
  getChats,
  postChatMessage,
  postChatPhoto,
  postTyping,
  type SendMessageBody,
} from '#src/contract/chat.ts';
import { publicIdRef } from '#src/contract/members.ts';
import { PHOTO_MAX_BYTES } from '#src/contract/photos.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import { multipartRoute } from '#src/server/platform/multipart.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { blockedResponse, requireViewer } from '#src/server/features/members/index.ts';
import { assertDecodeTurn, photoTooLargeError } from '#src/server/features/photos/index.ts';
import { listChats, startConversation } from './conversations.ts';
import { deleteConversation, loadConversationPage } from './messages.ts';
import { loadChatSite, type ChatSite } from './parties.ts';
import { serveChatPhoto } from './photo.ts';
import { sendPhotoMessage } from './photo-send.ts';
import { sendMessage, type MessageContent, type Sender, type SendInput } from './send.ts';
import { TypingGate, reportTyping } from './typing.ts';

/** The logged-in member as a chat party, with the site's settings. */
async function chatViewer(c: Context<AppEnv>, site: SiteConfig | null): Promise<{ sender: Sender; site: ChatSite }> {
  const ctx = requestContext(c, site);
  const viewer = await requireViewer(c);
  const chatSite = await loadChatSite(ctx.deps, ctx.site.id);
  return {
    sender: {
      accountId: viewer.accountId,
      profileId: viewer.profileId,
      siteId: viewer.siteId,
      locale: c.get('locale'),
      card: { now: ctx.now, visibleFields: chatSite.settings.visible_profile_fields, cdnPrefix: chatSite.cdnPrefix },
    },
    site: chatSite,
  };
}

async function orBlocked<T>(c: Context<AppEnv>, run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    const blocked = blockedResponse(c, error);
    if (blocked) return blocked;
    throw error;
  }
}

function contentOf(body: SendMessageBody): MessageContent {
  if ('text' in body) return { kind: 'text', text: body.text };
  if ('gift' in body) return { kind: 'gift', gift: body.gift };
  if ('gif' in body) return { kind: 'gif', gif: body.gif };
  return { kind: 'icebreaker', icebreaker: body.icebreaker };
}

export function registerChatRoutes(app: Hono<AppEnv>): void {
  const typing = new TypingGate();

  route(app, getChats, async ({ c, site }) => {
    const { sender } = await chatViewer(c, site);
    const deps = c.get('deps');
    return listChats({ db: deps.database.db, gifs: deps.gifs, now: deps.now() }, sender);
  });

  route(app, getChatStart, async ({ c, query, site }) => {
    const { sender } = await chatViewer(c, site);
    const deps = c.get('deps');
    return orBlocked(c, async () => ({
      id: await startConversation(deps.database.db, sender, query.profile, deps.now()),
    }));
  });

  route(app, getChatMessages, async ({ c, query, site }) => {
    const { sender } = await chatViewer(c, site);
    return orBlocked(c, () => loadConversationPage(c.get('deps'), sender, query.id, query.before));
  });

  route(app, postChatMessage, async ({ c, body, site }) => {
    const { sender, site: chatSite } = await chatViewer(c, site);
    const input: SendInput = { conversation: body.conversation, clientId: body.client_id, content: contentOf(body) };
    return orBlocked(c, async () => {
      const sent = await sendMessage(c.get('deps'), chatSite, sender, input);
      return { message: sent.message, credits: sent.credits, free_left: sent.free_left };
    });
  });

  route(app, deleteChat, async ({ c, body, site }) => {
    const { sender } = await chatViewer(c, site);
    await deleteConversation(c.get('deps'), sender, body.conversation);
    return { ok: true as const };
  });

  route(app, postTyping, async ({ c, body, site }) => {
    const { sender } = await chatViewer(c, site);
    await reportTyping(c.get('deps'), typing, sender, body.conversation);
    return { ok: true as const };
  });

  app.get(CHAT_PHOTO_FILE_PATH, (c) => serveChatPhoto(c));

  multipartRoute(
    app,
    postChatPhoto,
    { maxFileBytes: PHOTO_MAX_BYTES, tooLarge: photoTooLargeError, missing: photoMissing, answer: blockedResponse },
    async (c, form) => {
      // A member whose decoding turn is taken (one running, one waiting): 429 before any query.
      const session = c.get('session');
      if (session) assertDecodeTurn(session.accountId);
      const { sender, site } = await chatViewer(c, c.get('site'));
      const conversation = publicIdRef.safeParse(await form.field(CHAT_PHOTO_FIELDS.conversation));
      if (!conversation.success) throw fail('invalid_input', { field: CHAT_PHOTO_FIELDS.conversation });
      const clientId = clientIdRef.safeParse(await form.field(CHAT_PHOTO_FIELDS.client_id));
      if (!clientId.success) throw fail('invalid_input', { field: CHAT_PHOTO_FIELDS.client_id });
      const photo = await form.file(CHAT_PHOTO_FIELDS.photo);
      const sent = await sendPhotoMessage(c.get('deps'), site, sender, {
        conversation: conversation.data,
        clientId: clientId.data,
        photo,
      });
      return c.json(postChatPhoto.response.parse(sent));
    },
  );
}

const photoMissing = () => fail('photo_missing', { field: CHAT_PHOTO_FIELDS.photo });
