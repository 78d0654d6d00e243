/**
 * Front door of the likes feature: likes, matches, the swipe game and the match finder. Other
 * features, app.ts, the jobs and the seed import this module only (lint rule imports/feature-
 * internals).
 */
export { registerLikeRoutes } from './routes.ts';
export { badgeCountOf } from './likes.ts';
