/**
 * The sites section (docs/staff.md "Sites"): reads every site's operational settings, the
 * companies and the minimum message costs, and changes them, each change in one transaction
 * with its audit entry (before and after: the changed fields only). The tables' triggers
 * (migration 0016) NOTIFY site_data at the commit, and every API process drops its cached
 * copies (features/site/cache.ts), so the live sites answer the new values within seconds.
 */
import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SiteConfig } from '#sites-config';
import {
  EDITABLE_SETTING_KEYS,
  type EditableSiteSettings,
  type StaffCompany,
  type StaffMessageCost,
  type StaffSite,
} from '#src/contract/staff-sites.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { companies, messageCosts, sites } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { audit, auditBy, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';

type SiteRow = typeof sites.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

/** The editable settings in effect: the database's over the config's seed values. */
function effectiveSettings(row: SiteRow, config: SiteConfig | undefined): EditableSiteSettings {
  const merged = { ...config?.settings, ...row.settings } as Record<string, unknown>;
  return Object.fromEntries(EDITABLE_SETTING_KEYS.map((key) => [key, merged[key]])) as EditableSiteSettings;
}

function siteOf(row: SiteRow, configs: readonly SiteConfig[]): StaffSite {
  return {
    id: row.id,
    brand: row.brand,
    company_id: row.companyId,
    settings: effectiveSettings(
      row,
      configs.find((config) => config.id === row.id),
    ),
    updated_at: row.updatedAt.toISOString(),
  };
}

function companyOf(row: CompanyRow): StaffCompany {
  return {
    id: row.id,
    variant: row.variant,
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    kvk: row.kvk,
    tradenames: row.tradenames,
    vat_numbers: row.vatNumbers,
    support_phone: row.supportPhone,
    delete_discount: row.deleteDiscount,
  };
}

function costOf(row: typeof messageCosts.$inferSelect): StaffMessageCost {
  return { country: row.country, currency: row.currency, cost_minor: row.costMinor };
}

export async function sitesOverview(
  db: Db,
  configs: readonly SiteConfig[],
): Promise<{ sites: StaffSite[]; companies: StaffCompany[]; message_costs: StaffMessageCost[] }> {
  const [siteRows, companyRows, costRows] = await Promise.all([
    db.select().from(sites).orderBy(asc(sites.niche)),
    db.select().from(companies).orderBy(asc(companies.variant)),
    db.select().from(messageCosts).orderBy(asc(messageCosts.country)),
  ]);
  return {
    sites: siteRows.map((row) => siteOf(row, configs)),
    companies: companyRows.map(companyOf),
    message_costs: costRows.map(costOf),
  };
}

/** The fields of `after` that differ from `before`, as two objects of just those fields. */
function changed<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}

async function companyExists(tx: Tx, id: number): Promise<void> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  if (!row) throw fail('invalid_input', { field: 'company_id' });
}

/** Changes some settings of a site (and the company it shows); the others stay as they are. */
export async function changeSiteSettings(
  c: Context<AppEnv>,
  staff: StaffSession,
  change: { site: string; settings: Partial<EditableSiteSettings>; company_id?: number | undefined; reason: string },
): Promise<StaffSite> {
  const { database, sites: configs, now } = c.get('deps');
  const by = await auditBy(c, sessionActor(staff));
  return database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(sites).where(eq(sites.id, change.site)).for('update');
    if (!row) throw fail('not_found');
    const config = configs.find((site) => site.id === row.id);
    const before = { ...effectiveSettings(row, config), company_id: row.companyId };
    const companyId = change.company_id ?? row.companyId;
    if (companyId !== row.companyId) await companyExists(tx, companyId);
    const stored = { ...row.settings, ...change.settings };
    const [saved] = await tx
      .update(sites)
      .set({ settings: stored, companyId, updatedAt: now() })
      .where(eq(sites.id, row.id))
      .returning();
    if (!saved) throw fail('not_found');
    const site = siteOf(saved, configs);
    const diff = changed(before, { ...site.settings, company_id: site.company_id });
    await audit(tx, by, {
      action: 'site.settings',
      targetType: 'site',
      targetId: row.id,
      before: diff.before,
      after: diff.after,
      reason: change.reason,
    });
    return site;
  });
}

/** Changes a company's details (one of the address variants). */
export async function changeCompany(
  c: Context<AppEnv>,
  staff: StaffSession,
  change: Omit<StaffCompany, 'variant'> & { reason: string },
): Promise<StaffCompany> {
  const db = c.get('deps').database.db;
  const by = await auditBy(c, sessionActor(staff));
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(companies).where(eq(companies.id, change.id)).for('update');
    if (!row) throw fail('not_found');
    const [saved] = await tx
      .update(companies)
      .set({
        name: change.name,
        address: change.address,
        city: change.city,
        country: change.country,
        kvk: change.kvk,
        tradenames: change.tradenames,
        vatNumbers: change.vat_numbers,
        supportPhone: change.support_phone,
        deleteDiscount: change.delete_discount,
      })
      .where(eq(companies.id, row.id))
      .returning();
    if (!saved) throw fail('not_found');
    const company = companyOf(saved);
    const diff = changed(companyOf(row), company);
    await audit(tx, by, {
      action: 'site.company',
      targetType: 'company',
      targetId: row.id,
      before: diff.before,
      after: diff.after,
      reason: change.reason,
    });
    return company;
  });
}

/** Sets the minimum message cost of a country (in its currency, which stays). */
export async function changeMessageCost(
  c: Context<AppEnv>,
  staff: StaffSession,
  change: { country: string; cost_minor: number; reason: string },
): Promise<StaffMessageCost> {
  const db = c.get('deps').database.db;
  const by = await auditBy(c, sessionActor(staff));
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(messageCosts).where(eq(messageCosts.country, change.country)).for('update');
    if (!row) throw fail('not_found');
    const [saved] = await tx
      .update(messageCosts)
      .set({ costMinor: change.cost_minor })
      .where(eq(messageCosts.country, row.country))
      .returning();
    if (!saved) throw fail('not_found');
    await audit(tx, by, {
      action: 'site.message_cost',
      targetType: 'country',
      targetId: row.country,
      before: { cost_minor: row.costMinor, currency: row.currency },
      after: { cost_minor: saved.costMinor, currency: saved.currency },
      reason: change.reason,
    });
    return costOf(saved);
  });
}
