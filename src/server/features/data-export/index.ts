/**
 * Front door of the data-export feature: a member's download of their own data (GDPR art.
 * 15/20). app.ts imports this module only (lint rule imports/feature-internals).
 */
export { registerDataExportRoutes } from './routes.ts';
export { EXPORTED_TABLES } from './collect.ts';
