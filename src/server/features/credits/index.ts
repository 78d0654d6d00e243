/**
 * Front door of the credits feature: the ledger every balance change goes through. Other
 * features, app.ts, the jobs and the seed import this module only (lint rule imports/feature-
 * internals).
 */
export { applyCredits, insufficientCredits } from './ledger.ts';
export type { LedgerReason } from './ledger.ts';
