/**
 * Front door of the chat feature: conversations, paid sending through the ledger, held messages,
 * system messages and chat photos. Other features, app.ts, the jobs and the seed import this
 * module only (lint rule imports/feature-internals).
 */
export { registerChatRoutes } from './routes.ts';
export { totalUnread } from './conversations.ts';
export { releaseHeldMessages } from './held.ts';
export { loadChatSite } from './parties.ts';
export { chatPhotoKeys, removeChatPhotos } from './photo.ts';
export { sendAsChatPal } from './chat-pal-send.ts';
export { messageTooLong, textLength } from './send.ts';
export { recordSystemMessage } from './system-messages.ts';
export type { SystemMessageInput } from './system-messages.ts';
