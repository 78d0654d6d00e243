/**
 * The discount codes every database starts with (docs/discounts.md): the welcome discount,
 * the time bonus (SPEC §9), the companies' deletion-offer codes and a demo promo code to try
 * the minimum-order rule. Inserted when missing; a code an operator changed keeps the
 * operator's values.
 */
import { companies, type CompanyConfig } from '#sites-config';
import { WELCOME_DISCOUNT_CODE } from '#src/contract/discounts.ts';
import { TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, WELCOME_DISCOUNT_PERCENT } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { discountCodes } from '#src/server/db/schema.ts';

/** The demo promo code: 10 % off an order of at least €20.00, once per member. */
export const DEMO_PROMO_CODE = 'FLIRT10';

export const SEEDED_DISCOUNT_CODES: (typeof discountCodes.$inferInsert)[] = [
  {
    code: WELCOME_DISCOUNT_CODE,
    kind: 'welcome',
    percentage: WELCOME_DISCOUNT_PERCENT.toFixed(1),
    validity: 'once-per-user',
  },
  { code: TIME_BONUS_CODE, kind: 'time_bonus', percentage: TIME_BONUS_PERCENTAGE, validity: 'once-per-user' },
  {
    code: DEMO_PROMO_CODE,
    kind: 'promo',
    percentage: '10.0',
    validity: 'once-per-user',
    minimumOrderMinor: 2000,
    currency: 'EUR',
  },
];

/** Percent off of the companies' deletion-offer codes (`delete_discount`, SPEC §2.7 'Settings'). */
export const DELETE_DISCOUNT_PERCENT = '50.0';

/**
 * The deletion flow's offer: each company's `delete_discount` (sites.config.ts) as a real
 * code, for every site, once per member, never expiring.
 */
export function deleteDiscountCodes(list: readonly Pick<CompanyConfig, 'delete_discount'>[]) {
  const codes = [...new Set(list.map((c) => c.delete_discount.trim().toUpperCase()).filter(Boolean))];
  return codes.map((code): typeof discountCodes.$inferInsert => ({
    code,
    kind: 'promo',
    percentage: DELETE_DISCOUNT_PERCENT,
    validity: 'once-per-user',
  }));
}

export async function seedDiscountCodes(
  db: Db,
  companyList: readonly Pick<CompanyConfig, 'delete_discount'>[] = companies,
): Promise<void> {
  await db
    .insert(discountCodes)
    .values([...SEEDED_DISCOUNT_CODES, ...deleteDiscountCodes(companyList)])
    .onConflictDoNothing({ target: discountCodes.code });
}
