/**
 * Front door of the chat-catalogue feature: gifts, icebreakers and the GIF search. Other
 * features, app.ts, the jobs and the seed import this module only (lint rule imports/feature-
 * internals).
 */
export { registerChatCatalogueRoutes } from './routes.ts';
export { giftByKey, giftDto, icebreakerByKey, icebreakerText, listIcebreakers } from './catalogue.ts';
