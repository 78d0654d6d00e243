/**
 * The seven niche sites (SPEC §1 "Site variants"), and any added by `npm run new-site`
 * (docs/new-site.md). Validated by a zod schema: a wrong entry
 * stops the build and `npm start` with the field named. Per-site assets and copy live in
 * `sites/<id>/`. Operational settings (credits, signups, resell...) live in the database and
 * are seeded from `settings` here on first start; operators change them there.
 */
import { z } from 'zod';
import { LANDERS, CAM_PROVIDER_SEGMENT, GENDERS, VISIBLE_PROFILE_FIELDS } from '#src/lib/constants.ts';
import { LOCALES, COUNTRIES, type Locale } from '#src/lib/locales.ts';

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a #rrggbb colour');
const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a lower-case host name');

/** Theme tokens; each becomes a CSS custom property read by the Tailwind theme. */
const themeSchema = z.object({
  /** Primary colour: purple family (SPEC §1 "Visual identity"). */
  primary: hexColor,
  /** Text colour on the primary colour. */
  onPrimary: hexColor,
  /** Secondary colour: cyan family. */
  secondary: hexColor,
  /** Success colour: green family. */
  success: hexColor,
  warning: hexColor,
  danger: hexColor,
  /** The dedicated 'unread-messages' colour for badges, buttons, alerts and borders. */
  unread: hexColor,
  /** Page background and text. */
  surface: hexColor,
  surfaceAlt: hexColor,
  ink: hexColor,
  inkMuted: hexColor,
});
export type Theme = z.infer<typeof themeSchema>;

const domainsSchema = z
  .object(Object.fromEntries(LOCALES.map((l) => [l, hostname])) as Record<Locale, typeof hostname>)
  .strict()
  .refine((d) => new Set(Object.values(d)).size === LOCALES.length, 'every locale needs its own domain');

const settingsSchema = z.object({
  /** Countries this site serves (country filter options, geoip fallback). */
  countries: z.array(z.enum(COUNTRIES as [string, ...string[]])).min(1),
  message_credits: z.number().int().positive(),
  photo_credits: z.number().int().nonnegative(),
  gift_credits: z.number().int().nonnegative(),
  signup_credits: z.number().int().nonnegative(),
  message_length: z.number().int().positive(),
  refund_days: z.number().int().nonnegative(),
  signups: z.enum(['all', 'with_trafficsource', 'invite_only']),
  logged_out_search: z.enum(['all', 'none']),
  logged_out_search_trafficsource: z.enum(['all', 'none']),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  /** Countries where the site-entry warning shows on the default layout; empty = everywhere. */
  site_entry_countries: z.array(z.string().length(2)),
  member_resell: z.array(z.enum(['cams', 'camads'])),
  visible_profile_fields: z.array(z.enum(VISIBLE_PROFILE_FIELDS)).min(1),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.enum(['gender', 'age', 'country', 'countryregion'])).min(1),
  support_email: z.email(),
  support_phone: z.string().regex(/^\+?[0-9 -]{6,20}$/),
  fictional_icon: z.string().min(1),
  /** Partner the account-deletion flow redirects to (SPEC §2.7); none by default. */
  delete_partner_url: z.url().optional(),
  /** The premium page shows the marketing claim 'Premium Members have a 46% higher chance…' (SPEC §9). */
  premium_claim: z.boolean(),
});

const siteSchema = z.object({
  /** Short id: the host name prefix (`<id>.localhost`) and output folder. */
  id: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
  /** Niche 1-7 (SPEC §1): selects the lander slug prefix; `npm run new-site` adds the next number. */
  niche: z.literal([1, 2, 3, 4, 5, 6, 7]),
  /** Brand name shown in the nav, titles and texts. */
  brand: z.string().min(2).max(40),
  /** One domain per locale (localeDomains). */
  domains: domainsSchema,
  defaultLocale: z.enum(LOCALES),
  theme: themeSchema,
  /** Landers this site publishes. */
  landers: z.array(z.enum(LANDERS)),
  /** Path token of the 2257 compliance statement (SPEC §2.1 '{token}'). */
  statement2257Token: z.string().regex(/^[a-z0-9-]{6,64}$/),
  /** Which operating-company address variant (0 = main, 1-3 = alternatives). */
  companyVariant: z.number().int().min(0).max(3),
  /** Seed values for the database settings of this site. */
  settings: settingsSchema,
  /** The signup's preselected gender and 'looking for', fitting the niche (docs/decisions.md). */
  signupDefaults: z.object({ gender: z.enum(GENDERS), seeking: z.enum(GENDERS) }),
});
export type SiteConfig = z.infer<typeof siteSchema>;

const sitesSchema = z
  .array(siteSchema)
  .min(7)
  .superRefine((sites, ctx) => {
    const seen = new Map<string, string>();
    for (const [i, site] of sites.entries()) {
      if (sites.findIndex((s) => s.niche === site.niche) !== i)
        ctx.addIssue({ code: 'custom', path: [i, 'niche'], message: `niche ${site.niche} is used twice` });
      if (sites.findIndex((s) => s.id === site.id) !== i)
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `id ${site.id} is used twice` });
      for (const [locale, domain] of Object.entries(site.domains)) {
        const other = seen.get(domain);
        if (other)
          ctx.addIssue({ code: 'custom', path: [i, 'domains', locale], message: `${domain} is also used by ${other}` });
        seen.set(domain, site.id);
      }
    }
  });

/** Builds a domain map for a brand: brand.tld per locale's home country. */
export function localeDomains(base: string): Record<Locale, string> {
  return {
    da: `${base}.dk`,
    de: `${base}.de`,
    en: `${base}.com`,
    es: `${base}.es`,
    fi: `${base}.fi`,
    fr: `${base}.fr`,
    it: `${base}.it`,
    nb: `${base}.no`,
    nl: `${base}.nl`,
    pl: `${base}.pl`,
    sv: `${base}.se`,
  };
}

const baseTheme: Theme = {
  primary: '#7c3aed',
  onPrimary: '#ffffff',
  secondary: '#06b6d4',
  success: '#15803d',
  warning: '#b45309',
  danger: '#dc2626',
  unread: '#db2777',
  surface: '#ffffff',
  surfaceAlt: '#f5f3ff',
  ink: '#1e1b2e',
  inkMuted: '#5b5670',
};

const baseSettings: SiteConfig['settings'] = {
  countries: [
    'NL',
    'BE',
    'DE',
    'AT',
    'CH',
    'GB',
    'IE',
    'US',
    'CA',
    'AU',
    'NZ',
    'FR',
    'IT',
    'ES',
    'PL',
    'DK',
    'FI',
    'NO',
    'SE',
  ],
  message_credits: 10,
  photo_credits: 15,
  gift_credits: 25,
  signup_credits: 20,
  message_length: 1000,
  refund_days: 14,
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  enable_site_entry_popup: 'yes',
  site_entry_countries: [],
  member_resell: ['cams', 'camads'],
  visible_profile_fields: [
    'city',
    'sexuality',
    'hair_color',
    'eye_color',
    'body_type',
    'relationship_status',
    'tattoos',
    'about_me',
    'interests',
  ],
  visible_profile_notes: [],
  search_fields: ['gender', 'age', 'country', 'countryregion'],
  support_email: 'support@example.com',
  support_phone: '+31 20 123 4567',
  fictional_icon: 'mask',
  premium_claim: true,
};

const ALL_LANDERS = [...LANDERS];

/** Each site's support line is its operating company's (see `companies` below). */
const COMPANY_PHONES = ['+31 20-123 4567', '+44 20 3807 1234', '+49 30 1234 5678', '+45 32 12 34 56'];

function site(input: {
  id: string;
  niche: SiteConfig['niche'];
  brand: string;
  domainBase: string;
  theme?: Partial<Theme>;
  token: string;
  companyVariant?: number;
  settings?: Partial<SiteConfig['settings']>;
  signupDefaults?: SiteConfig['signupDefaults'];
}): unknown {
  return {
    id: input.id,
    niche: input.niche,
    brand: input.brand,
    domains: localeDomains(input.domainBase),
    defaultLocale: 'en',
    theme: { ...baseTheme, ...input.theme },
    landers: ALL_LANDERS,
    statement2257Token: input.token,
    companyVariant: input.companyVariant ?? 0,
    settings: {
      ...baseSettings,
      support_email: `support@${input.domainBase}.com`,
      support_phone: COMPANY_PHONES[input.companyVariant ?? 0],
      ...input.settings,
    },
    signupDefaults: input.signupDefaults ?? { gender: 'male', seeking: 'female' },
  };
}

export const rawSites: unknown[] = [
  site({ id: 'default', niche: 1, brand: 'Flirtmoment', domainBase: 'flirtmoment', token: 'statement-2257-fm' }),
  site({
    id: 'she',
    niche: 2,
    brand: 'SheFlirts',
    domainBase: 'sheflirts',
    token: 'statement-2257-sf',
    theme: { primary: '#a21caf', secondary: '#0891b2', unread: '#e11d48', surfaceAlt: '#fdf4ff', inkMuted: '#5f5168' },
  }),
  site({
    id: 'bdsm',
    niche: 3,
    brand: 'Kinkbound',
    domainBase: 'kinkbound',
    token: 'statement-2257-kb',
    companyVariant: 1,
    theme: {
      primary: '#7e22ce',
      secondary: '#22d3ee',
      unread: '#e11d48',
      surface: '#110d17',
      surfaceAlt: '#1c1625',
      ink: '#f3eff8',
      inkMuted: '#b4aac3',
    },
  }),
  site({
    id: 'bbw',
    niche: 4,
    brand: 'CurvyCrush',
    domainBase: 'curvycrush',
    token: 'statement-2257-cc',
    theme: { primary: '#9333ea', secondary: '#0ea5b7', unread: '#db2777', surfaceAlt: '#fdf2f8', inkMuted: '#614f66' },
  }),
  site({
    id: 'gilf',
    niche: 5,
    brand: 'SilverDesire',
    domainBase: 'silverdesire',
    token: 'statement-2257-sd',
    companyVariant: 2,
    theme: { primary: '#5b4b9a', secondary: '#0e9fb5', surfaceAlt: '#f3f4f7', ink: '#1d1c26', inkMuted: '#575566' },
  }),
  site({
    id: 'milf',
    niche: 6,
    brand: 'MatureMingle',
    domainBase: 'maturemingle',
    token: 'statement-2257-mm',
    theme: { primary: '#86198f', secondary: '#0891b2', unread: '#e11d48', surfaceAlt: '#fdf2fb', inkMuted: '#5e4f63' },
  }),
  site({
    id: 'gay',
    niche: 7,
    brand: 'ManFlirt',
    domainBase: 'manflirt',
    token: 'statement-2257-mf',
    companyVariant: 3,
    signupDefaults: { gender: 'male', seeking: 'male' },
    theme: { primary: '#5b21b6', secondary: '#06b6d4', unread: '#e11d48', surfaceAlt: '#ecfbfd', inkMuted: '#4f5b68' },
  }),
];

const companySchema = z.object({
  /** 0 = the main address, 1-3 = the alternative operating-company addresses (SPEC §1). */
  variant: z.number().int().min(0).max(3),
  name: z.string().min(2),
  address: z.string().min(2),
  city: z.string().min(2),
  country: z.string().length(2),
  /** Chamber of commerce number. */
  kvk: z.string().min(4),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string().regex(/^\+?[0-9 -]{6,20}$/),
  /** Non-expiring discount code offered in the account deletion flow. */
  delete_discount: z.string().regex(/^[A-Z0-9]{4,32}$/),
  /** Date the company was added; the terms version date is the later of this and 2023-12-01. */
  added: z.iso.datetime(),
});
export type CompanyConfig = z.infer<typeof companySchema>;

/** The operating company and its three alternative addresses (legal pages, companyinfo.php). */
export const companies: CompanyConfig[] = z
  .array(companySchema)
  .length(4)
  .parse([
    {
      variant: 0,
      name: 'Moonlit Media B.V.',
      address: 'Herengracht 420',
      city: '1017 BZ Amsterdam',
      country: 'NL',
      kvk: '81234567',
      tradenames: ['Flirtmoment', 'SheFlirts', 'CurvyCrush', 'MatureMingle'],
      vat_numbers: ['NL862345678B01'],
      support_phone: '+31 20-123 4567',
      delete_discount: 'STAYWITHUS50',
      added: '2023-06-01T00:00:00Z',
    },
    {
      variant: 1,
      name: 'Moonlit Media Ltd.',
      address: '71-75 Shelton Street',
      city: 'London WC2H 9JQ',
      country: 'GB',
      kvk: '14523678',
      tradenames: ['Kinkbound'],
      vat_numbers: ['GB123456789'],
      support_phone: '+44 20 3807 1234',
      delete_discount: 'STAYWITHUS50',
      added: '2024-02-15T09:00:00Z',
    },
    {
      variant: 2,
      name: 'Moonlit Media GmbH',
      address: 'Friedrichstraße 123',
      city: '10117 Berlin',
      country: 'DE',
      kvk: 'HRB 234567 B',
      tradenames: ['SilverDesire'],
      vat_numbers: ['DE312345678'],
      support_phone: '+49 30 1234 5678',
      delete_discount: 'STAYWITHUS50',
      added: '2023-09-01T00:00:00Z',
    },
    {
      variant: 3,
      name: 'Moonlit Media ApS',
      address: 'Vesterbrogade 26',
      city: '1620 København V',
      country: 'DK',
      kvk: '41234567',
      tradenames: ['ManFlirt'],
      vat_numbers: ['DK41234567'],
      support_phone: '+45 32 12 34 56',
      delete_discount: 'STAYWITHUS50',
      added: '2025-03-01T10:00:00Z',
    },
  ]);

export function companyFor(site: SiteConfig): CompanyConfig {
  const company = companies.find((c) => c.variant === site.companyVariant);
  if (!company) throw new Error(`sites.config.ts: site ${site.id} → companyVariant: no company ${site.companyVariant}`);
  return company;
}

/** Validates a sites list; throws an Error naming every wrong field. */
export function parseSites(input: unknown): SiteConfig[] {
  const result = sitesSchema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const [index, ...rest] = issue.path;
    const id = typeof index === 'number' ? ((input as { id?: string }[])[index]?.id ?? `#${index}`) : '';
    return `  sites.config.ts: site ${id} → ${rest.join('.') || '(site)'}: ${issue.message}`;
  });
  throw new Error(`Invalid site configuration:\n${lines.join('\n')}`);
}

export const sites: SiteConfig[] = parseSites(rawSites);

export function siteById(id: string): SiteConfig | undefined {
  return sites.find((s) => s.id === id);
}

export { CAM_PROVIDER_SEGMENT };
