/**
 * Front door of the operator feature: chat pals answering members (docs/operator.md). The
 * back office's "Chat pals" section (features/staff-chat-pals/) binds these with the staff
 * session as the operator. Other features, app.ts, the jobs and the seed import this module
 * only (lint rule imports/feature-internals).
 */
export type { Operator } from './conversations.ts';
export { findChatPalConversation } from './conversations.ts';
export { loadConversation, loadInbox } from './inbox.ts';
export { claimConversation, releaseClaim, renewClaim } from './claims.ts';
export { replyAsChatPal } from './reply.ts';
export { addNote, listNotes, memberProfileId, talksWithChatPal } from './notes.ts';
export { operatorChatPhoto } from './chat-photo.ts';
