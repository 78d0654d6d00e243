/**
 * The chat calls (contract src/contract/chat.ts): the list, starting and reading a
 * conversation, sending (JSON and the multipart photo), deleting and typing, plus the
 * participants-only photo files. All for logged-in members of the request's site.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
import { and, eq } from 'drizzle-orm';
import { accounts, messages } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { HttpError, fail } from '#src/server/http/errors.ts';
import { notClientRequest } from '#src/server/http/csrf.ts';
import { checkDeclared, checkRoles, route } from '#src/server/http/route.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { insufficientCredits } from '#src/server/features/credits/index.ts';
import { blockedResponse, requireViewer } from '#src/server/features/members/index.ts';
import { photoTooLargeError, processUpload } from '#src/server/features/photos/index.ts';
import { listChats, startConversation } from './conversations.ts';
import { deleteConversation, loadConversationPage } from './messages.ts';
import { loadChatSite, type ChatSite } from './parties.ts';
import { removeChatPhotos, serveChatPhoto, storeChatPhoto } from './photo.ts';
import { sendMessage, type MessageContent, type Sender, type SendInput } from './send.ts';
import { TypingGate, reportTyping } from './typing.ts';

/** Room for the multipart boundaries and the other fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

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
      return { message: sent.message, credits: sent.credits };
    });
  });

  route(app, deleteChat, async ({ c, body, site }) => {
    const { sender } = await chatViewer(c, site);
    await deleteConversation(c.get('deps'), sender, body.conversation);
    return { ok: true as const };
  });

  route(app, postTyping, async ({ c, body, site }) => {
    const { sender } = await chatViewer(c, site);
    const [account] = await c
      .get('deps')
      .database.db.select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, sender.accountId))
      .limit(1);
    await reportTyping(
      c.get('deps'),
      typing,
      { ...sender, confirmed: account?.status === 'confirmed' },
      body.conversation,
    );
    return { ok: true as const };
  });

  app.get(CHAT_PHOTO_FILE_PATH, (c) => serveChatPhoto(c));

  app.post(
    postChatPhoto.path,
    // Checked before the body is read: a declared or streamed body past the limit stops here.
    async (c, next) => {
      await photoStep(c, () => {
        checkRoles(c, postChatPhoto);
        if (c.req.header('x-request-type') !== 'client') {
          throw notClientRequest();
        }
        const declared = Number(c.req.header('content-length'));
        if (Number.isFinite(declared) && declared > PHOTO_MAX_BYTES + MULTIPART_OVERHEAD) throw photoTooLargeError();
      });
      await next();
    },
    bodyLimit({
      maxSize: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw photoTooLargeError();
      },
    }),
    async (c) => photoStep(c, () => sendPhoto(c)),
  );
}

/** Runs a step of the photo upload with route()'s check that its error codes are declared. */
async function photoStep<T>(c: Context<AppEnv>, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const blocked = blockedResponse(c, error);
    if (blocked) return blocked as T;
    checkDeclared(c, postChatPhoto, error);
    throw error;
  }
}

const photoMissing = () => fail('photo_missing', { field: CHAT_PHOTO_FIELDS.photo });

async function sendPhoto(c: Context<AppEnv>): Promise<Response> {
  const deps = c.get('deps');
  const { sender, site } = await chatViewer(c, c.get('site'));
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw photoMissing();
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw photoMissing();
  }
  const conversation = publicIdRef.safeParse(form[CHAT_PHOTO_FIELDS.conversation]);
  if (!conversation.success) throw fail('invalid_input', { field: CHAT_PHOTO_FIELDS.conversation });
  const clientId = clientIdRef.safeParse(form[CHAT_PHOTO_FIELDS.client_id]);
  if (!clientId.success) throw fail('invalid_input', { field: CHAT_PHOTO_FIELDS.client_id });
  const file = form[CHAT_PHOTO_FIELDS.photo];
  if (!(file instanceof File) || file.size === 0) throw photoMissing();
  if (file.size > PHOTO_MAX_BYTES) throw photoTooLargeError();

  // A cheap early answer before decoding (not for a retry, which is answered without a
  // charge): the send checks the balance again under its lock.
  const db = deps.database.db;
  const [account] = await db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, sender.accountId))
    .limit(1);
  const [retry] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, sender.profileId), eq(messages.clientId, clientId.data)))
    .limit(1);
  if (!retry && (account?.credits ?? 0) < site.settings.photo_credits) throw insufficientCredits();

  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw photoTooLargeError();
  const processed = await processUpload(bytes);
  const key = await storeChatPhoto(deps.photoStorage, processed);
  try {
    const sent = await sendMessage(deps, site, sender, {
      conversation: conversation.data,
      clientId: clientId.data,
      content: { kind: 'photo', photoKey: key, width: processed.width, height: processed.height },
    });
    // A retry answered with the photo sent before: this upload's files are not needed.
    if (sent.replayed) await removeChatPhotos(deps.photoStorage, [key]);
    return c.json(postChatPhoto.response.parse({ message: sent.message, credits: sent.credits }));
  } catch (error) {
    await removeChatPhotos(deps.photoStorage, [key]);
    throw error;
  }
}
