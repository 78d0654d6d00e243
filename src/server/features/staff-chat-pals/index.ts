/**
 * Front door of the back office's "Chat pals" section (docs/staff.md "Chat pals"): the operator
 * inbox for staff operators, the chat pals' profiles and operators, workload and answer times.
 * app.ts imports this module only.
 */
export { registerStaffChatPalRoutes } from './routes.ts';
export { CHAT_PALS_SECTION_PATH, operatorConsoleRedirect } from './redirect.ts';
