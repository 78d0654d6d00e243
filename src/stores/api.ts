/**
 * The members island's API client: one instance, wired to the session's 403 rule
 * (SPEC §4 "Session"). Stores take the client as an argument so tests inject their own.
 */
import { createApiClient } from '../client/api.ts';
import { onAuthenticationRequired } from './session.ts';

export const api = createApiClient({ onAuthenticationRequired });
