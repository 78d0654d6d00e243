/**
 * The back office's sites section (docs/staff.md "Sites"): the operational settings of each
 * site (SPEC §3 "Site settings"), the operating company a site shows and the company's
 * details with their address variants (SPEC §1), and the minimum message cost per country
 * (SPEC §9). Admins only. Each change is audited with before and after and shows on the live
 * sites within seconds (the site data cache drops its copies on the database's NOTIFY).
 */
import * as z from 'zod/mini';
import { COUNTRIES } from '#src/lib/locales.ts';
import { defineEndpoint, type StaffRole } from './define.ts';

/** Who may see and change the sites' settings. */
export const SITE_ADMINS = ['admin'] as const satisfies readonly StaffRole[];

const reason = z.string().check(z.trim(), z.minLength(3), z.maxLength(500));
const count = (max: number) => z.number().check(z.int(), z.gte(0), z.lte(max));
const country = z.enum(COUNTRIES as [string, ...string[]]);
const phone = z.string().check(z.trim(), z.regex(/^\+?[0-9 -]{6,20}$/));

/** The settings an admin may change (the others are the sites' identity, in sites.config.ts). */
export const editableSiteSettings = z.strictObject({
  /** Who may sign up: everybody, visitors with a traffic source, nobody without an invitation. */
  signups: z.enum(['all', 'with_trafficsource', 'invite_only']),
  logged_out_search: z.enum(['all', 'none']),
  logged_out_search_trafficsource: z.enum(['all', 'none']),
  /** Reseller cards shown to members. */
  member_resell: z.array(z.enum(['cams', 'camads'])).check(z.maxLength(2)),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  /** Countries where the site-entry warning shows; empty: everywhere. */
  site_entry_countries: z.array(country).check(z.maxLength(60)),
  /** The icon marking fictional profiles (the fictional texts are in the catalogues). */
  fictional_icon: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  refund_days: count(365),
  message_credits: z.number().check(z.int(), z.gte(1), z.lte(1000)),
  photo_credits: count(1000),
  gift_credits: count(1000),
  signup_credits: count(1000),
  support_email: z.email().check(z.maxLength(254)),
  support_phone: phone,
  premium_claim: z.boolean(),
});
export type EditableSiteSettings = z.infer<typeof editableSiteSettings>;
export const EDITABLE_SETTING_KEYS = Object.keys(editableSiteSettings.shape) as (keyof EditableSiteSettings)[];

export const staffSite = z.object({
  id: z.string(),
  brand: z.string(),
  /** The company variant the site's legal pages and companyinfo.php show. */
  company_id: z.number().check(z.int()),
  settings: editableSiteSettings,
  updated_at: z.string(),
});
export type StaffSite = z.infer<typeof staffSite>;

const companyFields = {
  name: z.string().check(z.trim(), z.minLength(2), z.maxLength(120)),
  address: z.string().check(z.trim(), z.minLength(2), z.maxLength(200)),
  city: z.string().check(z.trim(), z.minLength(2), z.maxLength(120)),
  country,
  /** Chamber of commerce number. */
  kvk: z.string().check(z.trim(), z.minLength(4), z.maxLength(40)),
  tradenames: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))).check(z.maxLength(20)),
  vat_numbers: z.array(z.string().check(z.trim(), z.minLength(4), z.maxLength(30))).check(z.maxLength(10)),
  support_phone: phone,
  /** The non-expiring code offered in the account deletion flow. */
  delete_discount: z.string().check(z.trim(), z.regex(/^[A-Z0-9]{4,32}$/)),
};
export const staffCompany = z.object({
  id: z.number().check(z.int()),
  /** 0: the main address, 1-3: the alternative addresses. */
  variant: z.number().check(z.int()),
  ...companyFields,
});
export type StaffCompany = z.infer<typeof staffCompany>;

export const staffMessageCost = z.object({
  country: z.string(),
  currency: z.string(),
  cost_minor: z.number().check(z.int()),
});
export type StaffMessageCost = z.infer<typeof staffMessageCost>;

/** GET /api/staff/sites: every site's settings, the companies and the minimum message costs. */
export const getStaffSites = defineEndpoint({
  method: 'GET',
  path: '/api/staff/sites',
  response: z.object({
    sites: z.array(staffSite),
    companies: z.array(staffCompany),
    message_costs: z.array(staffMessageCost),
  }),
  roles: SITE_ADMINS,
});

/**
 * POST /api/staff/sites/settings: changes some settings of a site (and which company it
 * shows); the others stay. Answers the site as saved.
 */
export const postStaffSiteSettings = defineEndpoint({
  method: 'POST',
  path: '/api/staff/sites/settings',
  body: z.strictObject({
    site: z.string().check(z.maxLength(40)),
    settings: z.partial(editableSiteSettings),
    company_id: z.optional(z.number().check(z.int(), z.positive())),
    reason,
  }),
  response: z.object({ site: staffSite }),
  errors: ['not_found'],
  roles: SITE_ADMINS,
});

/** POST /api/staff/sites/company: changes a company's details (one address variant). */
export const postStaffCompany = defineEndpoint({
  method: 'POST',
  path: '/api/staff/sites/company',
  body: z.strictObject({ id: z.number().check(z.int(), z.positive()), ...companyFields, reason }),
  response: z.object({ company: staffCompany }),
  errors: ['not_found'],
  roles: SITE_ADMINS,
});

/** POST /api/staff/sites/message-cost: the minimum message cost of a country, in its currency's minor units. */
export const postStaffMessageCost = defineEndpoint({
  method: 'POST',
  path: '/api/staff/sites/message-cost',
  body: z.strictObject({
    country,
    cost_minor: z.number().check(z.int(), z.gte(0), z.lte(100_000)),
    reason,
  }),
  response: z.object({ message_cost: staffMessageCost }),
  errors: ['not_found'],
  roles: SITE_ADMINS,
});
