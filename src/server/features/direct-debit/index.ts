/**
 * Front door of the direct-debit feature: sessions, SMS codes, mandates, returns and blocks.
 * Other features, app.ts, the jobs and the seed import this module only (lint rule
 * imports/feature-internals).
 */
export { registerDirectDebitRoutes } from './routes.ts';
