/**
 * Front door of the data-export feature: a member's download of their own data (GDPR art.
 * 15/20). app.ts imports this module only (lint rule imports/feature-internals).
 */
export { registerDataExportRoutes } from './routes.ts';
export { collectMemberData, EXPORTED_TABLES } from './collect.ts';
// For the back office's members section (staff-members): the same ZIP, on a staff request.
export { exportZip } from './service.ts';
