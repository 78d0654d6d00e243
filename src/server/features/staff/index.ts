/**
 * Front door of the back office (docs/staff.md): staff accounts, their login with a second
 * factor, staff sessions on the staff origin only, the append-only audit log and the members
 * section. app.ts, the seed and the tests import this module only.
 */
export { createStaffAccount, type NewStaffAccount } from './accounts.ts';
export { registerStaffRoutes } from './routes.ts';
export { isStaffHost, staffOriginGuard } from './staff-route.ts';
export { staffCookieName } from './sessions.ts';
export { staffConsolePages } from './console-pages.ts';
// For the sections' own features (src/server/features/staff-*/): bind, audit, CSV.
export { checkStaff, staffRoute } from './staff-route.ts';
export { staffSectionRedirect } from './section-redirect.ts';
export { audit, auditBy, csvField, type AuditBy } from './audit.ts';
export { requireRecentSecondFactor, sessionActor } from './login.ts';
export type { StaffSession } from './sessions.ts';
export { auditEntryOf } from './audit.ts';
export { MEMBER_ROW_COLUMNS } from './members.ts';
