/**
 * The "Chat pals" section's calls (contract src/contract/staff-chat-pals.ts), bound with the
 * staff feature's staffRoute(): the operator inbox (the operator feature's services with the
 * staff session as the operator), the chat pals' profiles and operators, the workload.
 */
import type { Hono } from 'hono';
import { PHOTO_MAX_BYTES } from '#src/contract/photos.ts';
import * as api from '#src/contract/staff-chat-pals.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { multipartRoute } from '#src/server/platform/multipart.ts';
import { loadChatSite } from '#src/server/features/chat/index.ts';
import {
  addNote,
  claimConversation,
  findChatPalConversation,
  listNotes,
  loadConversation,
  loadInbox,
  memberProfileId,
  operatorChatPhoto,
  releaseClaim,
  renewClaim,
  replyAsChatPal,
  type Operator,
} from '#src/server/features/operator/index.ts';
import { photoTooLargeError } from '#src/server/features/photos/index.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import { checkStaff, staffRoute, type StaffSession } from '#src/server/features/staff/index.ts';
import { chatPalSectionPhoto } from './photos.ts';
import {
  addChatPalPhoto,
  assignOperators,
  createChatPal,
  listChatPals,
  loadChatPal,
  updateChatPal,
} from './profiles.ts';
import { loadWorkload, rangeOf } from './workload.ts';

/** The staff member as the operator: admins answer as every chat pal, operators as theirs. */
export function operatorOf(session: StaffSession): Operator {
  return { staffId: session.staffId, chatPals: session.roles.includes('admin') ? 'all' : 'assigned' };
}

export function registerStaffChatPalRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, api.getChatPalInbox, async ({ c, query, session }) => {
    const { database, now, sites } = c.get('deps');
    return loadInbox(database.db, now(), operatorOf(session), {
      siteId: siteFilter(sites, query.site),
      show: query.show,
      locale: c.get('locale'),
    });
  });

  staffRoute(app, api.getChatPalConversation, async ({ c, query, session }) => {
    const deps = c.get('deps');
    return loadConversation(
      deps.database.db,
      deps.now(),
      operatorOf(session),
      query.id,
      async (siteId) => (await loadChatSite(deps, siteId)).settings.message_length,
      { locale: c.get('locale'), gifs: deps.gifs },
    );
  });

  staffRoute(app, api.postChatPalClaim, async ({ c, body, session }) => {
    const { database, now } = c.get('deps');
    const operator = operatorOf(session);
    const found = await findChatPalConversation(database.db, body.conversation, operator);
    return { claim: await claimConversation(database.db, now(), operator, found.id) };
  });

  staffRoute(app, api.postChatPalRenew, async ({ c, body, session }) => {
    const { database, now } = c.get('deps');
    const operator = operatorOf(session);
    const found = await findChatPalConversation(database.db, body.conversation, operator);
    return { claim: await renewClaim(database.db, now(), operator, found.id) };
  });

  staffRoute(app, api.postChatPalRelease, async ({ c, body, session }) => {
    const { database } = c.get('deps');
    const operator = operatorOf(session);
    const found = await findChatPalConversation(database.db, body.conversation, operator);
    await releaseClaim(database.db, operator, found.id);
    return { ok: true as const };
  });

  staffRoute(app, api.postChatPalReply, async ({ c, body, session }) =>
    replyAsChatPal(c.get('deps'), operatorOf(session), {
      conversation: body.conversation,
      text: body.text,
      clientId: body.client_id,
    }),
  );

  staffRoute(app, api.getChatPalNotes, async ({ c, query, session }) => {
    const { database } = c.get('deps');
    const operator = operatorOf(session);
    const profileId = await memberProfileId(database.db, query.member, operator);
    return { notes: await listNotes(database.db, operator, profileId) };
  });

  staffRoute(app, api.postChatPalNote, async ({ c, body, session }) => {
    const { database, now } = c.get('deps');
    const operator = operatorOf(session);
    const profileId = await memberProfileId(database.db, body.member, operator);
    return { note: await addNote(database.db, now(), operator, profileId, body.text) };
  });

  staffRoute(app, api.getChatPalMessagePhoto, async ({ c, query, session }) =>
    operatorChatPhoto(c.get('deps'), operatorOf(session), query.id, query.v),
  );

  staffRoute(app, api.getChatPalPhoto, async ({ c, query, session }) =>
    chatPalSectionPhoto(c.get('deps'), operatorOf(session), query.id, query.v),
  );

  staffRoute(app, api.getChatPals, async ({ c, query }) => {
    const { database, now, sites } = c.get('deps');
    return listChatPals(database.db, now(), { siteId: siteFilter(sites, query.site), after: query.after });
  });

  staffRoute(app, api.getChatPal, async ({ c, query }) => {
    const { database, now } = c.get('deps');
    return { chat_pal: await loadChatPal(database.db, query.id, now()) };
  });

  staffRoute(app, api.postChatPalCreate, async ({ c, body, session }) => ({
    chat_pal: await createChatPal(c, session, body),
  }));

  staffRoute(app, api.postChatPalUpdate, async ({ c, body, session }) => ({
    chat_pal: await updateChatPal(c, session, body),
  }));

  staffRoute(app, api.postChatPalOperators, async ({ c, body, session }) => ({
    chat_pal: await assignOperators(c, session, body),
  }));

  staffRoute(app, api.getChatPalWorkload, async ({ c, query }) => {
    const { database, now } = c.get('deps');
    return loadWorkload(database.db, now(), rangeOf(query.from, query.to));
  });

  multipartRoute(
    app,
    api.postChatPalPhoto,
    {
      maxFileBytes: PHOTO_MAX_BYTES,
      tooLarge: photoTooLargeError,
      missing: () => fail('photo_missing', { field: 'photo' }),
      check: (c) => checkStaff(c, api.postChatPalPhoto),
    },
    async (c, form) => {
      const session = await checkStaff(c, api.postChatPalPhoto);
      const id = api.postChatPalPhoto.query.safeParse(c.req.query());
      if (!id.success) throw fail('invalid_input', { field: 'id' });
      const chatPal = await addChatPalPhoto(c, session, id.data.id, async () => (await form.file('photo')).bytes());
      return c.json(api.postChatPalPhoto.response.parse({ chat_pal: chatPal }));
    },
  );
}
