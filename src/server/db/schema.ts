/**
 * The database schema (PostgreSQL; the same migrations run on PGlite and a real server).
 * Migrations: `npm run db:generate` writes src/server/db/migrations from this file.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Operating companies: the main one and three alternative addresses (SPEC §1). */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey(),
  variant: smallint('variant').notNull().unique(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  country: varchar('country', { length: 2 }).notNull(),
  kvk: text('kvk').notNull(),
  tradenames: jsonb('tradenames').$type<string[]>().notNull(),
  vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull(),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: text('delete_discount').notNull(),
  added: timestamp('added', { withTimezone: true }).notNull(),
});

/** One row per niche site; identity comes from sites.config.ts, settings are operators'. */
export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  niche: smallint('niche').notNull().unique(),
  brand: text('brand').notNull(),
  defaultLocale: varchar('default_locale', { length: 2 }).notNull(),
  /** locale → domain */
  domains: jsonb('domains').$type<Record<string, string>>().notNull(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  cdnPrefix: text('cdn_prefix').notNull().default(''),
  /** Operational settings (SPEC §3 "Site settings"), validated by the sites.config schema. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Minimum message cost per country in its currency (SPEC §9), in minor units. */
export const messageCosts = pgTable('message_costs', {
  country: varchar('country', { length: 2 }).primaryKey(),
  currency: varchar('currency', { length: 3 }).notNull(),
  costMinor: integer('cost_minor').notNull(),
});

/** Regions per country (ISO 3166-2 codes from country-region-data). */
export const regions = pgTable(
  'regions',
  {
    id: integer('id').primaryKey(),
    country: varchar('country', { length: 2 }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('regions_country_code').on(t.country, t.code)],
);

/** Interests with their icon (SPEC §3); gangbang has none. */
export const interests = pgTable('interests', {
  key: text('key').primaryKey(),
  icon: text('icon'),
  position: smallint('position').notNull(),
});

/** A member's login identity. Personal data here is erased by the deletion purge. */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** Lower-cased; null once purged. */
    email: text('email'),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['not_confirmed', 'confirmed', 'banned', 'deleted', 'purged'] })
      .notNull()
      .default('not_confirmed'),
    role: text('role', { enum: ['member', 'moderator', 'operator', 'admin'] })
      .notNull()
      .default('member'),
    language: varchar('language', { length: 5 }).notNull().default('en'),
    /** Cached balance; moves only with a credit_ledger row in the same transaction. */
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    emailPreferences: jsonb('email_preferences').$type<Record<string, boolean>>().notNull().default({}),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the e-mail address was first confirmed (reactivation restores the right status). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Soft login lock (SPEC §8): wrong passwords within the current window. */
    failedLogins: smallint('failed_logins').notNull().default(0),
    failedLoginsSince: timestamp('failed_logins_since', { withTimezone: true }),
    /** Logins are refused until then ('account blocked for {minutes} min.'). */
    loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_site_email').on(t.siteId, t.email),
    check('accounts_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);

/**
 * The partial-index predicate of the search indexes: active, not invisible, not in privacy
 * mode. Search queries repeat it literally (features/search/service.ts) so the planner uses them.
 */
const searchable = sql`status = 'active' and invisible = false and privacy_mode = false`;

/** A public persona: a member's profile, or a fictional chat pal run by operators. */
export const profiles = pgTable(
  'profiles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id others see: random, not a sequence. */
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** Null for fictional profiles. */
    accountId: bigint('account_id', { mode: 'number' })
      .unique()
      .references(() => accounts.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['member', 'fictional'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('disabled'),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    seeking: text('seeking', { enum: ['male', 'female'] }),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    regionId: integer('region_id').references(() => regions.id),
    city: text('city'),
    /**
     * Coarse position in thousandths of a degree, never sent to anyone: the seed's city, or
     * the member's browser position snapped to GEO_GRID_DEGREES (geocode.php, features/geo).
     */
    lat: integer('lat_e3'),
    lon: integer('lon_e3'),
    /** When lat/lon last came from the member's browser; null: never (seeded or unknown). */
    geoAt: timestamp('geo_at', { withTimezone: true }),
    language: varchar('language', { length: 5 }).notNull().default('en'),
    sexuality: text('sexuality'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    signupReason: text('signup_reason'),
    aboutMe: text('about_me'),
    invisible: boolean('invisible').notNull().default(false),
    privacyMode: boolean('privacy_mode').notNull().default(false),
    mainPhotoId: bigint('main_photo_id', { mode: 'number' }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('profiles_search').on(t.siteId, t.gender, t.country, t.birthdate),
    // City suggestions of the location field (cities.php).
    index('profiles_city').on(t.siteId, t.country, t.city),
    // Member search (features/search): only profiles search may list to anyone, in its
    // order (birthdate desc, id desc), so a page and a count read the index alone.
    index('profiles_searchable').on(t.siteId, t.gender, t.country, t.birthdate, t.id).where(searchable),
    index('profiles_searchable_region')
      .on(t.siteId, t.gender, t.country, t.regionId, t.birthdate, t.id)
      .where(searchable),
    index('profiles_searchable_all').on(t.siteId, t.gender, t.birthdate, t.id).where(searchable),
  ],
);

export const profileInterests = pgTable(
  'profile_interests',
  {
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    interest: text('interest')
      .notNull()
      .references(() => interests.key),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.interest] })],
);

/** Photos; files live in the storage provider under random keys. */
export const photos = pgTable(
  'photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id in URLs and answers: random, not a sequence. */
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /**
     * Key of the stored files (`<key>.jpg`, `-thumb`, `-match`, `-blur`). Not unique: the
     * seeded demo photos share a pool of generated images.
     */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    status: text('status', { enum: ['being_inspected', 'active', 'rejected'] })
      .notNull()
      .default('being_inspected'),
    /** Premium-only: non-premium viewers get the blurred derivative. */
    premium: boolean('premium').notNull().default(false),
    /** One of PHOTO_REJECT_REASONS (contract/photos.ts) when rejected. */
    rejectReason: text('reject_reason'),
    /** The moderator's decision: when and by whom (null once that account is gone). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_profile').on(t.profileId, t.position),
    index('photos_storage_key').on(t.storageKey),
    // The moderation queue: photos being inspected, oldest first.
    index('photos_queue')
      .on(t.createdAt)
      .where(sql`${t.status} = 'being_inspected'`),
  ],
);

/**
 * Likes between profiles (SPEC §3 'Likes data', §4 Likes): mutual likes are a match.
 * `seenAt` is null while the like is new to the liked member (like_new).
 */
export const likes = pgTable(
  'likes',
  {
    likerId: bigint('liker_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    likedId: bigint('liked_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index('likes_liked').on(t.likedId, t.createdAt),
    // The daily like limit counts a member's likes of the last day.
    index('likes_liker_time').on(t.likerId, t.createdAt),
  ],
);

/** Blocks (SPEC §4 Blocking): the blocker and the blocked never see each other. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked').on(t.blockedId)],
);

/**
 * A conversation between two profiles (SPEC §3 'Conversation'); its messages are in
 * `messages`, each side's state in `conversation_sides`. The pair is stored ordered
 * (profileLow < profileHigh), so there is one per pair.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    profileLow: bigint('profile_low', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileHigh: bigint('profile_high', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Who sent the first message. */
    startedBy: bigint('started_by', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair').on(t.profileLow, t.profileHigh),
    index('conversations_high').on(t.profileHigh),
    check('conversations_ordered_pair', sql`${t.profileLow} < ${t.profileHigh}`),
  ],
);

/**
 * Each participant's side of a conversation (SPEC §3 'Conversation / chat list item'): its
 * unread count, what it has read, and when it deleted the conversation (SPEC §4: deleting
 * hides it and its messages up to then from this side only; a new message shows it again).
 */
export const conversationSides = pgTable(
  'conversation_sides',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Messages to this side it has not seen (num_unread_messages). */
    unread: integer('unread').notNull().default(0),
    /** The newest message of the other side this side has read (read state); null: none. */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    /** Deleted by this side at: it sees only later messages, and the chat only once one comes. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** The newest message of the conversation this side may see, for its list (newest first). */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.profileId] }),
    index('conversation_sides_list').on(t.profileId, t.lastMessageAt),
    check('conversation_sides_unread_nonnegative', sql`${t.unread} >= 0`),
  ],
);

/**
 * Chat messages between two profiles (SPEC §1 'Chat', §3): text, photo, gift, GIF or
 * icebreaker (the site's own messages are `system_messages`). A not-confirmed sender's messages are 'held' until the e-mail address is
 * confirmed (SPEC §4), then 'delivered'. `clientId` makes a sender's retry idempotent.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text', 'photo', 'gift', 'gif', 'icebreaker'] }).notNull(),
    /** The text, or the icebreaker's key. */
    body: text('body'),
    /** The gift's key or the GIF's id of the catalogue/provider. */
    item: text('item'),
    /** A photo message's stored files (storage key) and size. */
    photoKey: text('photo_key'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    status: text('status', { enum: ['delivered', 'held'] })
      .notNull()
      .default('delivered'),
    /** Credits it cost (0 for a free message, a received one, a system message). */
    credits: integer('credits').notNull().default(0),
    /** One of a free member's free messages (SPEC §6). */
    free: boolean('free').notNull().default(false),
    /** The sender's key for the message (idempotent retries); unique per sender. */
    clientId: varchar('client_id', { length: 64 }),
    /** The operator who wrote it, for a chat pal's message (null otherwise). */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation').on(t.conversationId, t.id),
    uniqueIndex('messages_sender_client').on(t.senderId, t.clientId),
    index('messages_held')
      .on(t.senderId)
      .where(sql`${t.status} = 'held'`),
  ],
);

/**
 * Messages of the site itself to a member (SPEC §1 'System messages': welcome, purchase
 * confirmation, moderation outcome), shown as the member's conversation with the site.
 */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** One of SYSTEM_MESSAGES (contract/chat.ts); the text is `chat.system.<key>`. */
    key: text('key').notNull(),
    /** The text's parameters (e.g. the order number). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** What it is about, unique per key (an order id...): a message is sent once. */
    reference: text('reference').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('system_messages_account').on(t.accountId, t.id),
    uniqueIndex('system_messages_reference').on(t.accountId, t.key, t.reference),
  ],
);

/**
 * The realtime channel's log (ARCHITECTURE "Realtime with a fallback"): what each account's
 * open channels receive, in order, so a client that reconnects with its last event id gets
 * what it missed exactly once. Ephemeral events (typing) are not stored. Pruned after a day.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_events_account').on(t.accountId, t.id), index('account_events_time').on(t.createdAt)],
);

/**
 * An operator's hold on a chat pal's conversation (operator inbox): while it lasts, no other
 * operator can answer there. Released by the operator or when `expiresAt` passes.
 */
export const operatorClaims = pgTable('operator_claims', {
  conversationId: bigint('conversation_id', { mode: 'number' })
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  operatorId: bigint('operator_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Operators' notes about a member they chat with as chat pals; erased with the member. */
export const operatorNotes = pgTable(
  'operator_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberProfileId: bigint('member_profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_notes_member').on(t.memberProfileId, t.id)],
);

/** Login sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_account').on(t.accountId)],
);

/**
 * Append-only credits ledger (ARCHITECTURE "Money is a ledger"). Rows survive account purge
 * pseudonymously: account_id stays, the account's personal data does not.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', {
      enum: [
        'signup_bonus',
        'purchase',
        'message',
        'photo',
        'gift',
        'icebreaker',
        'refund',
        'correction',
        // Billing: unused credits of an order given back for money; credits a chargeback takes back.
        'purchase_refund',
        'chargeback',
      ],
    }).notNull(),
    /** What it pays for or comes from (order id, message id...); unique per reason. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_reason_reference').on(t.reason, t.reference),
    index('credit_ledger_account').on(t.accountId, t.id),
    check('credit_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * Server-side keys and secrets made on first use (the VAPID key pair for web push...).
 * Never sent to clients except where a feature publishes a public part.
 */
export const appKeys = pgTable('app_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * Single-use e-mailed links (activation, password reset, e-mail change, reactivation). Only
 * the SHA-256 of the token is stored; the token itself exists only in the mail.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['activation', 'password_reset', 'mail_change', 'mail_change_undo', 'reactivation'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The requested address of a mail_change token (the old one of a mail_change_undo token). */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_account').on(t.accountId, t.kind)],
);

/** The traffic source a member signed up with (SPEC §3 "Traffic source"). */
export const trafficSources = pgTable('traffic_sources', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  network: text('network'),
  ref: text('ref'),
  sub1: text('sub1'),
  sub2: text('sub2'),
  sub3: text('sub3'),
  createdAt: createdAt(),
});

/** Why members deleted their account; the remarks are erased by the purge. */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    remarks: text('remarks'),
    createdAt: createdAt(),
  },
  (t) => [index('account_deletions_account').on(t.accountId)],
);

/**
 * Fixed-window rate limit counters shared by all API processes (src/server/http/rate-limit.ts).
 * Keys name the action and a subject (an account id or a hashed IP address).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window').on(t.windowStart)],
);

/**
 * A member's last search filters (SPEC §4 Search: the first request's `filter_options`),
 * saved by manual searches unless `do_not_save`. Region 0/null means all regions.
 */
export const searchFilters = pgTable('search_filters', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  gender: text('gender', { enum: ['male', 'female'] }),
  minAge: smallint('min_age'),
  maxAge: smallint('max_age'),
  country: varchar('country', { length: 2 }),
  regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Swipe game answers (SPEC §2.7 'Swipe game'): a Yes is also a like (in `likes`); a No is
 * remembered so the profile is not offered again. Both count against the daily limit.
 */
export const swipes = pgTable(
  'swipes',
  {
    swiperId: bigint('swiper_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['yes', 'no'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.swiperId, t.targetId] }), index('swipes_swiper_time').on(t.swiperId, t.createdAt)],
);

/**
 * Bounces of landing pages with bounce logging on (SPEC §4 "Page bounce logging"): a daily
 * counter per site, page path and network (src/server/features/traffic). No visitor data:
 * no IP address, no time of day. '(unknown)' is a path the beacon's Referer did not give;
 * '' is no network.
 */
export const pageBounces = pgTable(
  'page_bounces',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** The UTC day of the bounce. */
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    network: text('network').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.path, t.network] }), index('page_bounces_day').on(t.day)],
);

// ── Discounts ──

/**
 * Discount codes (SPEC §3 'Discount code'; rules in src/server/features/discounts): the
 * welcome discount, the time bonus and promo codes. Codes are stored upper-case. A code with
 * a `site_id` works on that site only, one with an `account_id` for that member only.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['welcome', 'time_bonus', 'promo'] }).notNull(),
    siteId: text('site_id').references(() => sites.id),
    /** Percent off as text with one decimal, e.g. '25.0'. */
    percentage: text('percentage').notNull(),
    /** The only country it works for; null: every country. */
    country: varchar('country', { length: 2 }),
    /** A personal code; null: anyone's. */
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'cascade' }),
    /** The smallest order it works for, in minor units of `currency`. */
    minimumOrderMinor: integer('minimum_order_minor'),
    currency: varchar('currency', { length: 3 }),
    validity: text('validity', { enum: ['once-per-user', 'once', 'unlimited'] }).notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Payment methods it works with; empty: all. */
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check('discount_codes_percentage', sql`${t.percentage} ~ '^[0-9]{1,3}(\\.[0-9])?$'`),
    check('discount_codes_minimum_currency', sql`${t.minimumOrderMinor} is null or ${t.currency} is not null`),
  ],
);

/**
 * Codes used by completed orders. `use_key` carries the validity: the account id for
 * once-per-user, 'once' for once, the order for unlimited; unique per code, so two orders
 * completing at the same time cannot both use a once-per-user code. One code per order.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => discountCodes.id),
    /** Kept when the account is purged (like the credits ledger). */
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** The billing order's public id. */
    orderId: text('order_id').notNull().unique(),
    useKey: text('use_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_code_use').on(t.codeId, t.useKey),
    index('discount_redemptions_account').on(t.accountId),
  ],
);

// ── Billing (orders, payments) ──

/**
 * Orders of credit bundles (SPEC §2.7 'Credits', 'Payment', §3 'Order / payment'; rules in
 * src/server/features/billing). `public_id` is the payment_id members see as 'Order #…'.
 * Money is in minor units of `currency`: amount = list price − discount + transaction fee.
 * Status moves only forward (orders.ts); rows are never deleted, and survive the account
 * purge pseudonymously like the ledger.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** p0..p3 */
    packageKey: text('package_key').notNull(),
    credits: integer('credits').notNull(),
    /** The payment country (prices, methods, VAT). */
    country: varchar('country', { length: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    listPriceMinor: integer('list_price_minor').notNull(),
    discountCode: text('discount_code'),
    discountPercentage: text('discount_percentage'),
    discountMinor: integer('discount_minor').notNull().default(0),
    transactionFeeMinor: integer('transaction_fee_minor').notNull().default(0),
    /** What the payer pays. */
    amountMinor: integer('amount_minor').notNull(),
    method: text('method').notNull(),
    /** checkout: the payer pays on the provider's page; stored: a repeat order charged to a stored method. */
    kind: text('kind', { enum: ['checkout', 'stored', 'direct_debit'] }).notNull(),
    status: text('status', {
      enum: ['created', 'pending', 'completed', 'failed', 'cancelled', 'refunded', 'charged_back'],
    })
      .notNull()
      .default('created'),
    provider: text('provider').notNull(),
    /** The provider's checkout session. */
    providerSession: text('provider_session'),
    /** The provider's payment (for refunds). */
    providerRef: text('provider_ref'),
    storedMethodId: bigint('stored_method_id', { mode: 'number' }).references(() => storedPaymentMethods.id, {
      onDelete: 'set null',
    }),
    /** The member's language when ordering (receipt, checkout page). */
    locale: varchar('locale', { length: 5 }).notNull(),
    /** Where the payer returns after the checkout (/transactions/{public_id} on the member's site). */
    returnUrl: text('return_url').notNull(),
    failureReason: text('failure_reason'),
    refundedCredits: integer('refunded_credits').notNull().default(0),
    refundMinor: integer('refund_minor').notNull().default(0),
    refundProviderRef: text('refund_provider_ref'),
    /** Credits a chargeback took back, and those already spent it could not. */
    chargebackCredits: integer('chargeback_credits').notNull().default(0),
    chargebackShortfall: integer('chargeback_shortfall').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
    /** Set once, when the receipt mail / the purchase system message went out (after commit). */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    purchaseMessageAt: timestamp('purchase_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_account').on(t.accountId, t.id),
    index('orders_provider_session').on(t.provider, t.providerSession),
    check(
      'orders_money_nonnegative',
      sql`${t.amountMinor} >= 0 and ${t.listPriceMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.transactionFeeMinor} >= 0 and ${t.refundMinor} >= 0`,
    ),
    check('orders_credits_positive', sql`${t.credits} > 0`),
  ],
);

/** Every status change of an order, with its cause (a provider event, a member's refund). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** 'event:<provider event id>', 'member_refund', 'created'... */
    cause: text('cause').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_history_order').on(t.orderId, t.id)],
);

/**
 * Verified provider events (webhooks, stored-card charges), each kept once: the unique
 * (provider, event_id) makes a replayed webhook a no-op. `outcome` says what it did.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    type: text('type').notNull(),
    /** applied: moved the order; ignored: came late or out of order; unknown_order. */
    outcome: text('outcome', { enum: ['applied', 'ignored', 'unknown_order'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId),
    index('payment_events_order').on(t.orderId),
  ],
);

/** Payment methods stored at the provider for repeat orders (a token, never a card number). */
export const storedPaymentMethods = pgTable(
  'stored_payment_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    token: text('token').notNull(),
    /** What the member recognizes it by, e.g. 'Visa •••• 4242'. */
    label: text('label').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_payment_methods_token').on(t.provider, t.token),
    index('stored_payment_methods_account').on(t.accountId, t.id),
  ],
);

/** Accounts that may not buy until support clears them (a chargeback). */
export const billingHolds = pgTable('billing_holds', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: ['chargeback'] }).notNull(),
  orderId: bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => orders.id),
  createdAt: createdAt(),
});

// ── Direct debit ──

/**
 * A SEPA direct debit in progress (src/server/features/direct-debit): the form's data from
 * 'start' until the SMS code is entered or the session expires. The IBAN is kept masked,
 * as a keyed hash (returned-debit blocks by IBAN) and, until the mandate is signed, sealed
 * (AES-GCM with a key in app_keys) for the payment service; `iban_sealed` is erased then.
 */
export const directDebitSessions = pgTable(
  'direct_debit_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 64 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    holder: text('holder').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    ibanHash: text('iban_hash').notNull(),
    ibanSealed: text('iban_sealed'),
    /** The IBAN's country (the bank's). */
    ibanCountry: varchar('iban_country', { length: 2 }).notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    /** E.164, where the codes go. */
    phone: text('phone').notNull(),
    /** The member's language when starting (the SMS text). */
    locale: varchar('locale', { length: 5 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('direct_debit_sessions_account').on(t.accountId, t.id)],
);

/**
 * One-time codes sent by SMS (SPEC §5 'SMS one-time code'). Only a keyed hash of the code is
 * kept; a new code of the same subject replaces the older ones (`used_at` set). `purpose`
 * and `subject` name what it confirms ('direct_debit', the session's public id).
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose', { enum: ['direct_debit'] }).notNull(),
    subject: text('subject').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Entered correctly, or replaced by a newer code. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_subject').on(t.purpose, t.subject, t.id),
    index('sms_codes_account_time').on(t.accountId, t.createdAt),
  ],
);

/**
 * Signed one-time SEPA mandates, one per direct-debit order. `reference` is the mandate
 * reference on the debtor's statement; `provider_token` the payment service's handle of the
 * mandate (the service keeps the IBAN; we keep it masked and hashed only).
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: varchar('reference', { length: 35 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => orders.id),
    holder: text('holder').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    ibanHash: text('iban_hash').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    phoneMasked: text('phone_masked').notNull(),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('direct_debit_mandates_account').on(t.accountId), index('direct_debit_mandates_iban').on(t.ibanHash)],
);

/**
 * Direct debit refused for an account, or for an IBAN on any account (after a returned
 * debit, or set by support). A block is lifted by setting `lifted_at`; at most one block
 * per returned order.
 */
export const directDebitBlocks = pgTable(
  'direct_debit_blocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ibanHash: text('iban_hash'),
    orderId: bigint('order_id', { mode: 'number' })
      .unique()
      .references(() => orders.id),
    reason: text('reason', { enum: ['returned_debit', 'support'] }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('direct_debit_blocks_account').on(t.accountId), index('direct_debit_blocks_iban').on(t.ibanHash)],
);

// ── Complaints ──

/**
 * Complaints sent with the /complaints form (src/server/features/complaints), by visitors
 * (account_id null) and members. `public_id` is the reference the sender gets; `email` is
 * where staff answer. A deleted account's complaints stay for staff, detached from it.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    topic: text('topic', {
      enum: ['billing', 'refund', 'member_behaviour', 'fictional_profiles', 'privacy', 'technical', 'other'],
    }).notNull(),
    /** The payment id and the profile public id the sender named, as given. */
    orderRef: text('order_ref'),
    memberRef: text('member_ref'),
    description: text('description').notNull(),
    email: text('email').notNull(),
    /** The sender's language (the confirmation mail's). */
    locale: varchar('locale', { length: 5 }).notNull(),
    status: text('status', { enum: ['open', 'handled'] })
      .notNull()
      .default('open'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('complaints_status').on(t.status, t.createdAt)],
);

// ── Push ──

/**
 * A browser's web push subscription (src/server/features/push): one row per endpoint (a
 * browser that subscribes again under another account moves the row). `failures` counts
 * sends that failed in a row (other than 404/410, which delete the row); a success resets it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_subscriptions_account').on(t.accountId)],
);

// ── Notification mails ──

/**
 * The last notification mail of each kind an account received (src/server/features/notifications):
 * what the throttling rules read. `reference` is the conversation for chat mails ('' for the
 * account-wide kinds); `messageId` the newest message a chat mail told of, so the next one waits
 * until the member has read up to it.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['chat', 'like', 'unread_reminder', 'weekly'] }).notNull(),
    reference: text('reference').notNull().default(''),
    messageId: bigint('message_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.reference] })],
);

// ── City suggestions ──

/**
 * The cities of the location field's suggestions (cities.php, src/server/features/geo/cities.ts):
 * per site, country, region (0: none) and city, how many profiles visitors may see live
 * there. Rebuilt by the hourly job and the seed from `profiles`; the call answers only cities
 * with at least CITY_SUGGESTION_MIN_MEMBERS, so no single member's free-text city shows.
 */
export const citySuggestions = pgTable(
  'city_suggestions',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    country: varchar('country', { length: 2 }).notNull(),
    /** The region's id; 0 for profiles without a region. */
    regionId: integer('region_id').notNull().default(0),
    /** The city lower-cased and trimmed: spellings that differ in case count as one. */
    cityKey: text('city_key').notNull(),
    /** The most common spelling. */
    city: text('city').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.country, t.regionId, t.cityKey] }),
    index('city_suggestions_prefix').on(t.siteId, t.country, t.cityKey.op('text_pattern_ops')),
  ],
);
