/**
 * Front door of the members feature: other members as a viewer sees them: visibility, profile
 * cards, the blocked failure, lookup limits. Other features, app.ts, the jobs and the seed
 * import this module only (lint rule imports/feature-internals).
 */
export { blockedBy, blockedResponse } from './blocked.ts';
export { ageOf, cardColumns, mainPhotoJoin, toProfileCard } from './cards.ts';
export type { CardContext, CardRow } from './cards.ts';
export { limitLookup } from './lookup-limits.ts';
export {
  blockBetween,
  isShownProfile,
  isStaff,
  loadViewer,
  requireViewer,
  viewerColumns,
  visibleTo,
  visibleToVisitors,
} from './visibility.ts';
export type { Viewer } from './visibility.ts';
