/** Shared data of the 'My profile' tests: an own profile, photos and the site's data. */
import type { OwnPhoto } from '#src/contract/photos.ts';
import type { OwnProfile } from '#src/contract/profile.ts';
import type { SiteSettings } from '#src/contract/site.ts';

export function ownPhoto(id: string, overrides: Partial<OwnPhoto> = {}): OwnPhoto {
  return {
    id,
    status: 'active',
    thumb_url: `/api/photo.php?id=${id}&v=thumb`,
    url: `/api/photo.php?id=${id}&v=full`,
    width: 600,
    height: 800,
    is_main: false,
    premium: false,
    reject_reason: null,
    ...overrides,
  };
}

export function ownProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 'p1',
    name: 'Birgit',
    gender: 'female',
    date_of_birth: '1990-04-12',
    age: 35,
    country: 'DE',
    countryregion: 0,
    city: 'Köln',
    sexuality: null,
    hair_color: 'red',
    eye_color: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    signup_reason: '',
    about_me: '',
    interests: ['hiking'],
    invisible: false,
    privacy_mode: false,
    photos: [],
    photo_limit: 3,
    ...overrides,
  };
}

export function siteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    name: 'Flirt Test',
    index_title: 'Flirt Test',
    description: '',
    domain: 'flirt.test',
    domain_language: 'en',
    localeDomains: {},
    cdn_prefix: '',
    niche: 1,
    company_id: 1,
    mail_name: 'Flirt Test',
    design_version: 2,
    countries: ['DE', 'AT', 'CH'],
    geoip_country: null,
    geoip_selected_country: null,
    visible_profile_fields: ['city'],
    visible_profile_notes: [],
    search_fields: [],
    message_credits: 1,
    photo_credits: 1,
    gift_credits: 1,
    signup_credits: 0,
    message_length: 500,
    minimum_message_costs: {},
    bundle_prices: {},
    bundle_credits: {},
    support_email: 'support@flirt.test',
    support_phone: '',
    enable_site_entry_popup: '',
    site_entry_countries: [],
    push_pub: '',
    push_public_key: '',
    fictional_icon: 'mask',
    fictional_warning: '',
    fictional_singular: '',
    fictional_plural: '',
    refund_days: 14,
    signups: 'open',
    logged_out_search: '',
    logged_out_search_trafficsource: '',
    member_resell: [],
    premium_claim: true,
    ...overrides,
  };
}

/** An error answer of the API. */
export function refused(status: number, code: string, message: string, field?: string) {
  return { status, body: { error: { code, message, ...(field ? { field } : {}) } } };
}
