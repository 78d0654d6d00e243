/** The operating company of a site (SPEC §3 "Company info"), for companyinfo.php. */
import { eq } from 'drizzle-orm';
import type { CompanyInfo } from '#src/contract/site.ts';
import type { Db } from '#src/server/db/client.ts';
import { companies, sites } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { siteDataOf } from './cache.ts';

/** Read once until the companies or sites table changes (./cache.ts); never change the object. */
export function loadCompanyInfo(db: Db, siteId: string): Promise<CompanyInfo> {
  const cache = siteDataOf(db);
  return cache ? cache.value(`company:${siteId}`, () => readCompanyInfo(db, siteId)) : readCompanyInfo(db, siteId);
}

async function readCompanyInfo(db: Db, siteId: string): Promise<CompanyInfo> {
  const [company] = await db
    .select({
      name: companies.name,
      address: companies.address,
      kvk: companies.kvk,
      city: companies.city,
      country: companies.country,
      tradenames: companies.tradenames,
      vatNumbers: companies.vatNumbers,
      supportPhone: companies.supportPhone,
      deleteDiscount: companies.deleteDiscount,
      added: companies.added,
    })
    .from(sites)
    .innerJoin(companies, eq(companies.id, sites.companyId))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!company) throw fail('unknown_site');
  return {
    name: company.name,
    address: company.address,
    kvk: company.kvk,
    city: company.city,
    country: company.country,
    tradenames: company.tradenames,
    vat_numbers: company.vatNumbers,
    support_phone: company.supportPhone,
    delete_discount: company.deleteDiscount,
    added: company.added.toISOString(),
  };
}
