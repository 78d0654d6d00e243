/** The logged-in member of a request, for the account calls that need one. */
import { eq } from 'drizzle-orm';
import { accounts } from '#src/server/db/schema.ts';
import type { SessionAccount } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import type { RequestContext } from '#src/server/platform/request-context.ts';

/** The session's account, which must belong to the request's site (403 authentication_required). */
export async function requireMember(ctx: RequestContext, session: SessionAccount | null): Promise<SessionAccount> {
  if (!session) throw fail('authentication_required');
  const [row] = await ctx.db
    .select({ siteId: accounts.siteId })
    .from(accounts)
    .where(eq(accounts.id, session.accountId))
    .limit(1);
  if (row?.siteId !== ctx.site.id) throw fail('authentication_required');
  return session;
}
