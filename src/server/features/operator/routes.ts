/**
 * The operator inbox calls (contract src/contract/operator.ts): the inbox, the conversation
 * view, claims (take, renew, release), replies as the chat pal and notes per member.
 * Operators and admins only (403 forbidden for other accounts, 403 authentication_required
 * without a session or with another site's session).
 */
import type { Context, Hono } from 'hono';
import {
  getOperatorConversation,
  getOperatorInbox,
  getOperatorNotes,
  postOperatorClaim,
  postOperatorNote,
  postOperatorRelease,
  postOperatorRenew,
  postOperatorReply,
} from '#src/contract/operator.ts';
import type { SiteConfig } from '#sites-config';
import type { AppEnv, SessionAccount } from '#src/server/http/context.ts';
import { authenticationRequired, invalidInput } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import { chatError, sendAsChatPal, textLength } from '../chat/send.ts';
import { loadChatSite } from '../chat/parties.ts';
import {
  addNote,
  claimConversation,
  findChatPalConversation,
  listNotes,
  loadConversation,
  loadInbox,
  markReadByChatPal,
  memberProfileId,
  messageForOperator,
  releaseClaim,
  renewClaim,
  requireOperator,
  requireOwnClaim,
  type Operator,
} from './service.ts';

async function operatorOf(
  c: Context<AppEnv>,
  session: SessionAccount | null,
  site: SiteConfig | null,
): Promise<Operator> {
  if (!session) throw authenticationRequired();
  return requireOperator(c.get('deps').database.db, session.accountId, site?.id ?? null);
}

export function registerOperatorRoutes(app: Hono<AppEnv>): void {
  route(app, getOperatorInbox, async ({ c, query, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const { database, now, sites } = c.get('deps');
    const siteId = query.site || undefined;
    if (siteId !== undefined && !sites.some((s) => s.id === siteId)) throw invalidInput('site');
    return await loadInbox(database.db, now(), operator, { siteId, show: query.show });
  });

  route(app, getOperatorConversation, async ({ c, query, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const deps = c.get('deps');
    return await loadConversation(
      deps.database.db,
      deps.now(),
      operator,
      query.id,
      async (siteId) => (await loadChatSite(deps, siteId)).settings.message_length,
    );
  });

  route(app, postOperatorClaim, async ({ c, body, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const { database, now } = c.get('deps');
    const found = await findChatPalConversation(database.db, body.conversation);
    return { claim: await claimConversation(database.db, now(), operator, found.id) };
  });

  route(app, postOperatorRenew, async ({ c, body, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const { database, now } = c.get('deps');
    const found = await findChatPalConversation(database.db, body.conversation);
    return { claim: await renewClaim(database.db, now(), operator, found.id) };
  });

  route(app, postOperatorRelease, async ({ c, body, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const { database } = c.get('deps');
    const found = await findChatPalConversation(database.db, body.conversation);
    await releaseClaim(database.db, operator, found.id);
    return { ok: true as const };
  });

  route(app, postOperatorReply, async ({ c, body, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const deps = c.get('deps');
    const db = deps.database.db;
    const found = await findChatPalConversation(db, body.conversation);
    await requireOwnClaim(db, deps.now(), operator, found.id);
    const max = (await loadChatSite(deps, found.siteId)).settings.message_length;
    if (textLength(body.text) > max) throw chatError.messageTooLong(max);
    const { messagePublicId } = await sendAsChatPal(deps, {
      conversationId: found.id,
      chatPalProfileId: found.palId,
      operatorId: operator.accountId,
      text: body.text,
      clientId: body.client_id,
    });
    await markReadByChatPal(deps, found);
    // Answering shows the operator is at work: the claim lasts on, it is not released.
    const claim = await renewClaim(db, deps.now(), operator, found.id);
    return { message: await messageForOperator(db, found.id, messagePublicId), claim };
  });

  route(app, getOperatorNotes, async ({ c, query, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const { database } = c.get('deps');
    const profileId = await memberProfileId(database.db, query.member);
    return { notes: await listNotes(database.db, operator, profileId) };
  });

  route(app, postOperatorNote, async ({ c, body, session, site }) => {
    const operator = await operatorOf(c, session, site);
    const { database, now } = c.get('deps');
    const profileId = await memberProfileId(database.db, body.member);
    return { note: await addNote(database.db, now(), operator, profileId, body.text) };
  });
}
