/**
 * `/operator` on a member site (the retired console of member accounts with a role) answers
 * 302 to the back office's "Chat pals" section on the staff origin (docs/staff.md "Chat
 * pals"; the rule: the staff feature's staffSectionRedirect).
 */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { staffSectionRedirect } from '#src/server/features/staff/index.ts';

/** The section's path on the staff origin. */
export const CHAT_PALS_SECTION_PATH = '/chat-pals';

export function operatorConsoleRedirect(deps: AppDeps): Hono<AppEnv> {
  return staffSectionRedirect(deps, '/operator', CHAT_PALS_SECTION_PATH);
}
