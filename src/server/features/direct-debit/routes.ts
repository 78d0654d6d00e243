/**
 * The direct debit calls (contract src/contract/direct-debit.ts): start, verify, resend.
 * All are for logged-in members of the request's site.
 */
import type { Context, Hono } from 'hono';
import type { SiteConfig } from '#sites-config';
import { postDirectDebitResend, postDirectDebitStart, postDirectDebitVerify } from '#src/contract/direct-debit.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { clientIp } from '#src/server/http/client-ip.ts';
import { route } from '#src/server/http/route.ts';
import { buyerRequest, type Buyer } from '#src/server/features/billing/index.ts';
import { resendCode, startDirectDebit, verifyCode, type DebitContext } from './service.ts';

async function debitRequest(c: Context<AppEnv>, site: SiteConfig | null): Promise<{ ctx: DebitContext; buyer: Buyer }> {
  const { ctx, buyer } = await buyerRequest(c, site);
  return { ctx: { ...ctx, ip: clientIp(c) }, buyer };
}

export function registerDirectDebitRoutes(app: Hono<AppEnv>): void {
  route(app, postDirectDebitStart, async ({ c, site, body }) => {
    const { ctx, buyer } = await debitRequest(c, site);
    return startDirectDebit(ctx, buyer, body);
  });

  route(app, postDirectDebitVerify, async ({ c, site, body }) => {
    const { ctx, buyer } = await debitRequest(c, site);
    const verified = await verifyCode(ctx, buyer.accountId, body.session, body.code);
    const status = verified.order.status;
    return {
      payment_id: verified.order.publicId,
      status: status === 'completed' || status === 'pending' ? status : ('failed' as const),
      mandate_reference: verified.reference,
    };
  });

  route(app, postDirectDebitResend, async ({ c, site, body }) => {
    const { ctx, buyer } = await debitRequest(c, site);
    return resendCode(ctx, buyer.accountId, body.session);
  });
}
