/**
 * Front door of the back office's member page beyond the profile (docs/staff.md "Members"):
 * photos, conversations read with a reason, notes, resend activation, data export, deletion.
 * The search and the page itself are the staff feature's (src/server/features/staff/members.ts).
 * app.ts imports this module only.
 */
export { registerStaffMemberRoutes } from './routes.ts';
