/**
 * The operator inbox calls (contract src/contract/operator.ts, roles operator and admin): the
 * inbox, the conversation view, claims (take, renew, release), replies as the chat pal and
 * notes per member.
 */
import type { Hono } from 'hono';
import * as operatorApi from '#src/contract/operator.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import { messageTooLong, sendAsChatPal, textLength, loadChatSite } from '#src/server/features/chat/index.ts';
import { serveOperatorChatPhoto } from './chat-photo.ts';
import { claimConversation, releaseClaim, renewClaim, requireOwnClaim } from './claims.ts';
import { findChatPalConversation, markReadByChatPal, messageForOperator } from './conversations.ts';
import { loadConversation, loadInbox } from './inbox.ts';
import { addNote, listNotes, memberProfileId } from './notes.ts';

export function registerOperatorRoutes(app: Hono<AppEnv>): void {
  app.get(operatorApi.OPERATOR_CHAT_PHOTO_PATH, (c) => serveOperatorChatPhoto(c));

  route(app, operatorApi.getOperatorInbox, async ({ c, query, session }) => {
    const { database, now, sites } = c.get('deps');
    return await loadInbox(database.db, now(), session, {
      siteId: siteFilter(sites, query.site),
      show: query.show,
      locale: c.get('locale'),
    });
  });

  route(app, operatorApi.getOperatorConversation, async ({ c, query, session }) => {
    const deps = c.get('deps');
    return await loadConversation(
      deps.database.db,
      deps.now(),
      session,
      query.id,
      async (siteId) => (await loadChatSite(deps, siteId)).settings.message_length,
      { locale: c.get('locale'), gifs: deps.gifs },
    );
  });

  route(app, operatorApi.postOperatorClaim, async ({ c, body, session }) => {
    const { database, now } = c.get('deps');
    const found = await findChatPalConversation(database.db, body.conversation);
    return { claim: await claimConversation(database.db, now(), session, found.id) };
  });

  route(app, operatorApi.postOperatorRenew, async ({ c, body, session }) => {
    const { database, now } = c.get('deps');
    const found = await findChatPalConversation(database.db, body.conversation);
    return { claim: await renewClaim(database.db, now(), session, found.id) };
  });

  route(app, operatorApi.postOperatorRelease, async ({ c, body, session }) => {
    const { database } = c.get('deps');
    const found = await findChatPalConversation(database.db, body.conversation);
    await releaseClaim(database.db, session, found.id);
    return { ok: true as const };
  });

  route(app, operatorApi.postOperatorReply, async ({ c, body, session }) => {
    const deps = c.get('deps');
    const db = deps.database.db;
    const found = await findChatPalConversation(db, body.conversation);
    await requireOwnClaim(db, deps.now(), session, found.id);
    const max = (await loadChatSite(deps, found.siteId)).settings.message_length;
    if (textLength(body.text) > max) throw messageTooLong(max);
    const { messagePublicId } = await sendAsChatPal(deps, {
      conversationId: found.id,
      chatPalProfileId: found.palId,
      operatorId: session.accountId,
      text: body.text,
      clientId: body.client_id,
    });
    await markReadByChatPal(deps, found);
    // Answering shows the operator is at work: the claim lasts on, it is not released.
    const claim = await renewClaim(db, deps.now(), session, found.id);
    return { message: await messageForOperator(db, found.id, messagePublicId), claim };
  });

  route(app, operatorApi.getOperatorNotes, async ({ c, query, session }) => {
    const { database } = c.get('deps');
    const profileId = await memberProfileId(database.db, query.member);
    return { notes: await listNotes(database.db, session, profileId) };
  });

  route(app, operatorApi.postOperatorNote, async ({ c, body, session }) => {
    const { database, now } = c.get('deps');
    const profileId = await memberProfileId(database.db, body.member);
    return { note: await addNote(database.db, now(), session, profileId, body.text) };
  });
}
