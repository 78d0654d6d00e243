/**
 * Front door of the accounts feature: signup, activation, login and logout, sessions (and their
 * PGlite cache), the current user, password and e-mail changes, deletion and the purge. Other
 * features, app.ts, the jobs and the seed import this module only (lint rule imports/feature-
 * internals).
 */
export { registerAccountRoutes } from './routes.ts';
export { deleteAccount, purgeDeletedAccounts, REACTIVATION_WINDOW_MS } from './deletion.ts';
// For the back office's members section (staff-members): the members' own activation mail and its limit.
export { ACTIVATION_MAIL_LIMIT, sendActivationMail } from './signup.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { sessionCache } from './session-cache.ts';
export { createSession, findSession, SESSION_IDLE_DAYS, sessionMiddleware } from './sessions.ts';
export { registerUserRoutes } from './user-routes.ts';
export { validateDateOfBirth, validateName } from './validation.ts';
