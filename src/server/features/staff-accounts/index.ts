/**
 * Front door of the staff accounts section (docs/staff.md "Staff accounts"): admins manage
 * their colleagues' accounts. app.ts imports this module only.
 */
export { registerStaffAccountRoutes } from './routes.ts';
