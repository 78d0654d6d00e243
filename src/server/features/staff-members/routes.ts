/**
 * The member page's further calls (contract src/contract/staff-members.ts), bound with the
 * staff feature's staffRoute(): photos, conversations and reading one with a reason, notes,
 * and the actions resend activation, data export and deletion (these two with a fresh second
 * factor). Each handler parses, calls one service function and answers.
 */
import type { Hono } from 'hono';
import {
  getStaffMemberConversations,
  getStaffMemberNotes,
  getStaffMemberPhotos,
  getStaffMessagePhoto,
  postStaffMemberActivationMail,
  postStaffMemberConversation,
  postStaffMemberDelete,
  postStaffMemberExport,
  postStaffMemberNote,
} from '#src/contract/staff-members.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { requireRecentSecondFactor, staffRoute } from '#src/server/features/staff/index.ts';
import { deleteMember, memberExport, resendActivationMail } from './actions.ts';
import { memberConversations, memberPhotos, messagePhoto, readConversation } from './content.ts';
import { addNote, memberNotes } from './notes.ts';

export function registerStaffMemberRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffMemberPhotos, async ({ c, query }) => ({
    photos: await memberPhotos(c.get('deps').database.db, Number(query.id)),
  }));

  staffRoute(app, getStaffMemberConversations, async ({ c, query }) =>
    memberConversations(c.get('deps').database.db, Number(query.id), query.after),
  );

  staffRoute(app, postStaffMemberConversation, async ({ c, body, session }) => readConversation(c, session, body));

  staffRoute(app, getStaffMessagePhoto, async ({ c, query, session }) =>
    messagePhoto(c.get('deps'), session, { id: Number(query.id), message: query.message, variant: query.v }),
  );

  staffRoute(app, getStaffMemberNotes, async ({ c, query }) => ({
    notes: await memberNotes(c.get('deps').database.db, Number(query.id)),
  }));

  staffRoute(app, postStaffMemberNote, async ({ c, body, session }) => ({
    note: await addNote(c, session, body.id, body.text),
  }));

  staffRoute(app, postStaffMemberActivationMail, async ({ c, body, session }) => {
    await resendActivationMail(c, session, body.id, body.reason);
    return { sent: true as const };
  });

  staffRoute(app, postStaffMemberExport, async ({ c, body, session }) => {
    requireRecentSecondFactor(session, c.get('deps').now());
    return memberExport(c, session, body.id, body.reason);
  });

  staffRoute(app, postStaffMemberDelete, async ({ c, body, session }) => {
    requireRecentSecondFactor(session, c.get('deps').now());
    return deleteMember(c, session, body.id, body.reason);
  });
}
