/** Site settings, company info, regions and interests (SPEC §3, §7). */
import * as z from 'zod/mini';
import { defineEndpoint } from './define.ts';

const messageCost = z.object({ costs: z.number(), currency: z.string().check(z.length(3)) });
/** A payment country's credit bundle prices (decimal amounts of its currency, by bundle key p0..p3). */
const bundlePrices = z.object({ currency: z.string().check(z.length(3)), prices: z.record(z.string(), z.number()) });

export const siteSettings = z.object({
  // Site identity
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  localeDomains: z.record(z.string(), z.string()),
  cdn_prefix: z.string(),
  niche: z.number().check(z.int(), z.minimum(1)),
  company_id: z.number().check(z.int()),
  mail_name: z.string(),
  design_version: z.number().check(z.int()),
  // Geo
  countries: z.array(z.string()),
  geoip_country: z.nullable(z.string()),
  geoip_selected_country: z.nullable(z.string()),
  // Profiles
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  // Credits
  message_credits: z.number().check(z.int()),
  photo_credits: z.number().check(z.int()),
  gift_credits: z.number().check(z.int()),
  signup_credits: z.number().check(z.int()),
  message_length: z.number().check(z.int()),
  minimum_message_costs: z.record(z.string(), messageCost),
  /** The credit bundles' prices per payment country, live (finance edits them; the static pricing page shows these). */
  bundle_prices: z.record(z.string(), bundlePrices),
  /** The credits each bundle gives (by key p0..p3), live like the prices (the same in every country). */
  bundle_credits: z.record(z.string(), z.number().check(z.int())),
  // Support
  support_email: z.string(),
  support_phone: z.string(),
  // Site entry and push
  enable_site_entry_popup: z.string(),
  site_entry_countries: z.array(z.string()),
  push_pub: z.string(),
  push_public_key: z.string(),
  // Fictional profiles
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  // Refunds and access
  refund_days: z.number().check(z.int()),
  signups: z.string(),
  logged_out_search: z.string(),
  logged_out_search_trafficsource: z.string(),
  // Reselling
  member_resell: z.array(z.string()),
  // Premium page: show the marketing claim (operators can turn it off)
  premium_claim: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const getSettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings.php',
  /** The current route query is passed through; _force_domain names the request host. */
  query: z.looseObject({ _force_domain: z.optional(z.string().check(z.minLength(1), z.maxLength(253))) }),
  response: z.object({ settings: siteSettings }),
  errors: ['unknown_site'],
  roles: 'public',
});

export const companyInfo = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.string(),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const getCompanyInfo = defineEndpoint({
  method: 'GET',
  path: '/api/companyinfo.php',
  response: z.object({ company: companyInfo }),
  errors: ['unknown_site'],
  roles: 'public',
});

export const region = z.object({ id: z.number().check(z.int(), z.positive()), name: z.string() });
export const getRegions = defineEndpoint({
  method: 'GET',
  path: '/api/regions.php',
  /** Country code → regions, for every country the site serves. */
  response: z.object({ regions: z.record(z.string(), z.array(region)) }),
  errors: ['unknown_site'],
  roles: 'public',
});

export const interest = z.object({
  key: z.string(),
  /** Localized name. */
  name: z.string(),
  /** Icon (an emoji); null where the icon set has none (gangbang, SPEC §3). */
  icon: z.nullable(z.string()),
});
export const getInterests = defineEndpoint({
  method: 'GET',
  path: '/api/interests.php',
  response: z.object({ interests: z.array(interest) }),
  roles: 'public',
});
