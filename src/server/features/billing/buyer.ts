/**
 * The buyer of an order and the request's side of it: who buys (loadBuyer), whether they may
 * (a billing hold after a chargeback), and in which country and currency they pay.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SiteConfig } from '#sites-config';
import type { Locale } from '#src/lib/locales.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, billingHolds, profiles } from '#src/server/db/schema.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { linkOrigin, requestContext } from '#src/server/platform/request-context.ts';
import { requireViewer } from '#src/server/features/members/index.ts';
import { countryPrices, type CountryPrices } from './packages.ts';

/** The member buying, with what orders and receipts need. */
export interface Buyer {
  accountId: number;
  siteId: string;
  email: string | null;
  name: string;
  language: string;
  credits: number;
  paidUser: boolean;
  /** The profile's country: the default payment country. */
  country: string;
}

export async function loadBuyer(db: Db | Tx, accountId: number): Promise<Buyer | null> {
  const [row] = await db
    .select({
      accountId: accounts.id,
      siteId: accounts.siteId,
      email: accounts.email,
      name: profiles.name,
      language: accounts.language,
      credits: accounts.credits,
      paidUser: accounts.paidUser,
      country: profiles.country,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/** The request's side of an order: its site, clock, language and the origin of links. */
export interface OrderContext {
  deps: AppDeps;
  db: Db;
  site: SiteConfig;
  now: Date;
  locale: Locale;
  /** The member's site origin (return links) and this API's (hosted sandbox pages). */
  origin: string;
}

/**
 * The logged-in buyer of the request's site (403 authentication_required for none) and the
 * context their orders are made in: the billing and direct-debit calls start here.
 */
export async function buyerRequest(
  c: Context<AppEnv>,
  site: SiteConfig | null,
): Promise<{ ctx: OrderContext; buyer: Buyer }> {
  const account = requestContext(c, site);
  const viewer = await requireViewer(c);
  const buyer = await loadBuyer(account.db, viewer.accountId);
  if (!buyer) throw fail('authentication_required');
  return {
    ctx: {
      deps: account.deps,
      db: account.db,
      site: account.site,
      now: account.now,
      locale: c.get('locale'),
      origin: linkOrigin(account),
    },
    buyer,
  };
}

/** 403 payments_blocked while the account has a billing hold (a chargeback). */
export async function assertMayBuy(db: Db | Tx, accountId: number): Promise<void> {
  const [hold] = await db
    .select({ reason: billingHolds.reason })
    .from(billingHolds)
    .where(eq(billingHolds.accountId, accountId))
    .limit(1);
  if (hold) throw fail('payments_blocked');
}

/** The payment country with its currency and live prices: the one asked for (one of the site's), else the profile's. */
export async function paymentCountry(
  db: Db | Tx,
  site: SiteConfig,
  buyer: Buyer,
  asked: string | undefined,
): Promise<CountryPrices> {
  const settings = (await loadSite(db, site)).settings;
  if (asked !== undefined && !settings.countries.includes(asked)) {
    throw fail('invalid_input', { field: 'country' });
  }
  const candidates = asked ? [asked] : [buyer.country, ...settings.countries];
  for (const country of candidates) {
    const pricing = await countryPrices(db, country);
    if (pricing) return pricing;
  }
  throw fail('invalid_input', { field: 'country' });
}
