/** Business constants and limits of SPEC §9, in one place. Times are milliseconds unless named. */

export const PHOTO_LIMIT_FREE = 3;
export const PHOTO_LIMIT_PREMIUM = 25;
export const LIKES_PER_DAY = 4;
/**
 * The daily like and swipe limits count a rolling window of this length (SPEC §8 'Likes and
 * swipes'): a like or swipe given now is available again 24 hours later.
 */
export const DAILY_LIMIT_WINDOW_MS = 86_400_000;
/**
 * Swipe game decisions (Yes and No together) per rolling day. Every like is also a Yes
 * decision, so likes given on profile pages use swipes too; the game stops when the swipes
 * are used up (with the likes (LIKES_PER_DAY) used up, it goes on with No only).
 */
export const SWIPES_PER_DAY = 20;
/** Profiles one request of the swipe game offers. */
export const SWIPE_CANDIDATES = 10;
/** Match finder age buckets (SPEC §9): both include 35. */
export const MATCH_FINDER_AGE_BUCKETS = [
  { key: '18-35', min: 18, max: 35 },
  { key: '35+', min: 35, max: null },
] as const;
/** Profiles the match finder answers. */
export const MATCH_FINDER_RESULTS = 12;
export const FREE_CONVERSATION_STARTS = 2;
/**
 * Messages a free member (not paid_user) sends without credits, over all conversations
 * (SPEC §6 'A number of free messages; the number is not shown'); after them every message
 * costs message_credits. Photos, gifts and icebreakers always cost their price.
 */
export const FREE_MESSAGES = 3;
/**
 * Chat messages older than this are no longer shown to anyone ('Older messages are no longer
 * visible to protect your privacy.'); they are kept for support and erased with the account.
 */
export const CHAT_VISIBLE_DAYS = 180;
/** The chat input reports typing at most this often; the other side shows it this long. */
export const TYPING_EVERY_MS = 3_000;
export const TYPING_SHOWN_MS = 6_000;
/** An operator's hold on a chat pal's conversation lasts this long unless renewed or released. */
export const OPERATOR_CLAIM_MS = 10 * 60_000;
export const REACTIVATION_WINDOW_DAYS = 14;
export const MIN_AGE = 18;

/** Member account roles that see photos being inspected (photo.php; the console is the back office's). */
export const MODERATOR_ROLES: readonly string[] = ['moderator', 'admin'];
/** Account roles that may use the operator inbox and answer as chat pals. */
export const OPERATOR_ROLES: readonly string[] = ['operator', 'admin'];

/** Nav badges show '99+' at 100 or more. */
export const BADGE_CAP = 99;
/** The credits badge shows at this many credits or fewer: warning above 0, danger at 0. */
export const CREDITS_BADGE_THRESHOLD = 10;

export const WELCOME_DISCOUNT_PERCENT = 25;
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_PERCENTAGE = '25.0';
export const TIME_BONUS_WINDOW_SECONDS = 14_400;
export const TIME_BONUS_TICK_MS = 1_000;
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;

export const POLLING_START_MS = 5_000;
export const POLLING_INTERVAL_MS = 60_000;
export const POLLING_INTERVAL_PUSH_MS = 300_000;
export const LIKES_RELOAD_AFTER_AUTO_LIKE_MS = 500;
export const START_CHAT_ERROR_TOAST_MS = 5_000;
export const WEBCAM_ELIGIBILITY_MS = 345_600_000;
export const GEOLOCATION_CACHE_MS = 3_600_000;
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;

export const AUTH_COOKIE_PREFIX = 'auth.';
export const AUTH_COOKIE_NAME = `${AUTH_COOKIE_PREFIX}session`;
/** Readable, secret-free marker next to the HttpOnly session cookie (static pages read it). */
export const AUTH_MARKER_COOKIE_NAME = `${AUTH_COOKIE_PREFIX}loggedIn`;
export const AUTH_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
export const LOCALE_COOKIE_NAME = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const SEARCH_PAGE_SIZE = 12;
export const LOAD_MORE_THRESHOLD = 0.85;
export const SIMILAR_AGE_WIDENING = 5;
export const WEBCAM_BLOCK_SIZE = 12;
export const WEBCAM_CAM_SLOT_AFTER = 1;
export const WEBCAM_AD_SLOT_AFTER = 5;
export const DEFAULT_CARD_COLUMNS = [2, 3, 4] as const;
export const DEFAULT_DETAIL_FIELD = 'city';

/**
 * Fields a site may list in visible_profile_fields (SPEC §3, §6). The location ones are the
 * detail fields of cards (default: city; country and region by name); the personal ones
 * show on the member profile page. Age and name are always shown (design version 2).
 */
export const PROFILE_LOCATION_FIELDS = ['city', 'country', 'countryregion'] as const;
export const PROFILE_PERSONAL_FIELDS = [
  'gender',
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
  'about_me',
  'interests',
] as const;
export const VISIBLE_PROFILE_FIELDS = ['age', ...PROFILE_LOCATION_FIELDS, ...PROFILE_PERSONAL_FIELDS] as const;
export type VisibleProfileField = (typeof VISIBLE_PROFILE_FIELDS)[number];

/** Age ranges of the search filter, with what is sent (SPEC §9). */
export const AGE_RANGES = [
  { key: 'all', min: null, max: null },
  { key: '18-25', min: null, max: 25 },
  { key: '26-35', min: 26, max: 35 },
  { key: '36-45', min: 36, max: 45 },
  { key: '46-55', min: 46, max: 55 },
  { key: '56-65', min: 56, max: 65 },
  { key: '65+', min: 65, max: null },
] as const;

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const PREMIUM_TIERS = ['p0', 'p1', 'p2', 'p3'] as const;

/** Terms base date: the later of this and the company's added date (SPEC §9). */
export const TERMS_BASE_DATE = new Date(Date.UTC(2023, 11, 1, 12, 0, 0));

export const DESIGN_VERSION = 2;

/** The fixed path segment of the webcam provider's API calls (SPEC §7). */
export const CAM_PROVIDER_SEGMENT = 'livecams';

/** Country neighbours offered in the search country filter (SPEC §5). */
export const COUNTRY_NEIGHBOURS: Readonly<Record<string, string>> = {
  AU: 'NZ',
  NZ: 'AU',
  NL: 'BE',
  BE: 'NL',
  US: 'CA',
  CA: 'US',
  GB: 'IE',
  IE: 'GB',
  DE: 'AT',
  AT: 'DE',
};

/** The interests of SPEC §3 in their listed order. */
export const INTERESTS = [
  'relationship',
  'onenightstand',
  'kissing',
  'hugging',
  'massages',
  'lingerie',
  'sex',
  'safesex',
  'publicsex',
  'oralsex',
  'analsex',
  'sextoys',
  'masturbating',
  'exchangingpictures',
  'threesome',
  'gangbang',
  'bondage',
  'sadomasochism',
  'gym',
  'sports',
  'dancing',
  'travelling',
  'adventure',
  'party',
  'tattoos',
  'music',
  'movies',
  'videogames',
  'politics',
  'outdoors',
  'gardening',
  'hiking',
  'biking',
  'reading',
  'animals',
  'beach',
  'art',
  'photography',
  'theater',
  'shopping',
  'fashion',
  'astrology',
  'cooking',
  'foodie',
  'bbq',
  'sushi',
  'vegetarian',
  'wine',
  'beer',
  'tea',
  'coffee',
] as const;
export type Interest = (typeof INTERESTS)[number];

/** Profile attribute enumerations (SPEC §3). */
export const PROFILE_ATTRIBUTES = {
  sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
  hair_color: [
    'black',
    'brunette',
    'blond',
    'dark_blond',
    'brown',
    'dark_brown',
    'gray',
    'red',
    'white',
    'bald',
    'other',
  ],
  eye_color: ['blue', 'green', 'hazel', 'brown', 'gray', 'other'],
  body_type: ['slim', 'normal', 'fat'],
  relationship_status: ['single', 'married', 'divorced', 'widowed', 'living_together', 'unmarried'],
  tattoos: ['yes', 'no'],
} as const;

/** E-mail notification preferences (SPEC §3). */
export const EMAIL_PREFERENCES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;

/** Payment methods (SPEC §3 "Payment methods"). */
export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'dankort',
  'mobilepay',
  'swish',
  'twint',
  'satispay',
  'vipps',
  'cartebancaire',
  'nexi',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;

/** The landers of SPEC §2.1. */
export const LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type Lander = (typeof LANDERS)[number];
/**
 * Path segment of the swipe-style lander (SPEC §2.1 `/landers/{swipe-lander}`). The original
 * segment is a third-party brand name; ours names what the page is.
 */
export const SWIPE_LANDER = 'swipe';
