/**
 * `/moderation` on a member site (the retired moderation console of member accounts with a
 * moderator role) answers 302 to the back office's "Reports and moderation" section on the
 * staff origin (docs/staff.md "Reports and moderation"; the rule: the staff feature's
 * staffSectionRedirect, as `/operator` does).
 */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { staffSectionRedirect } from '#src/server/features/staff/index.ts';

/** The section's path on the staff origin (src/staff/sections.ts). */
export const MODERATION_SECTION_PATH = '/moderation';

export function moderationConsoleRedirect(deps: AppDeps): Hono<AppEnv> {
  return staffSectionRedirect(deps, '/moderation', MODERATION_SECTION_PATH);
}
