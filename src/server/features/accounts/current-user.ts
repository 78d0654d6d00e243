/**
 * The current user as the member's own app sees it (SPEC §3 "Current user"): built from
 * the account, its profile and main photo. The contract's DTO is the whole answer; the
 * password hash, sessions and everything else stay in the database.
 */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '#src/contract/user.ts';
import type { SiteConfig } from '#sites-config';
import type { Db } from '#src/server/db/client.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import { accounts, photos, profiles, sites } from '#src/server/db/schema.ts';
import { photoUrl } from '#src/contract/photos.ts';
import { loadSite } from '#src/server/features/site/index.ts';

const NOTIFICATION_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
type NotificationReason = (typeof NOTIFICATION_REASONS)[number];

function isNotificationReason(value: string): value is NotificationReason {
  return (NOTIFICATION_REASONS as readonly string[]).includes(value);
}

export interface LoadedUser {
  siteId: string;
  user: CurrentUser;
}

/**
 * The columns the current user is built from: the account, its profile and main photo
 * (both left-joined; an account without a profile has no current user). The session read
 * selects them too (features/session), so user.php needs no statement of its own.
 */
export const currentUserColumns = {
  id: accounts.id,
  siteId: accounts.siteId,
  email: accounts.email,
  status: accounts.status,
  role: accounts.role,
  language: accounts.language,
  credits: accounts.credits,
  paidUser: accounts.paidUser,
  notificationsDisabled: accounts.notificationsDisabled,
  signupDate: accounts.signupDate,
  profileId: profiles.publicId,
  profileName: profiles.name,
  profileCountry: profiles.country,
  profileStatus: profiles.status,
  photoId: photos.publicId,
  photoStatus: photos.status,
};

/** The account's current-user columns by id: one prepared read (db/prepared.ts). */
const currentUserRow = preparedFor((db) =>
  db
    .select(currentUserColumns)
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('current_user_by_id'),
);

export type CurrentUserRow = Awaited<ReturnType<ReturnType<typeof currentUserRow>['execute']>>[number];

/**
 * The settings column of the account's site: from the site data kept in memory
 * (../site/cache.ts) for a configured site, so a request does not read and parse it again.
 */
async function siteSettingsOf(
  db: Db,
  siteId: string,
  configured: SiteConfig | undefined,
): Promise<Record<string, unknown>> {
  if (configured) return (await loadSite(db, configured)).row.settings;
  const [site] = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId));
  return site?.settings ?? {};
}

/** The account's DTO, or null when the account does not exist or cannot log in. */
export async function loadCurrentUser(
  db: Db,
  accountId: number,
  siteConfigs: readonly SiteConfig[],
): Promise<LoadedUser | null> {
  const [row] = await currentUserRow(db).execute({ accountId });
  return row ? currentUserOf(db, row, siteConfigs) : null;
}

/** The DTO of an account's current-user columns, or null when it cannot log in or has no profile. */
export async function currentUserOf(
  db: Db,
  row: CurrentUserRow,
  siteConfigs: readonly SiteConfig[],
): Promise<LoadedUser | null> {
  const { profileId, profileName, profileCountry, profileStatus } = row;
  // An account without a profile (the left join found none) has no current user.
  if (profileId === null || profileName === null || profileCountry === null || profileStatus === null) return null;
  if (row.email === null) return null;
  if (row.status !== 'not_confirmed' && row.status !== 'confirmed' && row.status !== 'banned') return null;

  const configured = siteConfigs.find((s) => s.id === row.siteId);
  const fictionalIcon = (await siteSettingsOf(db, row.siteId, configured))['fictional_icon'];
  const mainImage =
    row.photoId !== null && row.photoStatus !== null
      ? {
          filename: photoUrl(row.photoId, 'full'),
          thumb_filename: photoUrl(row.photoId, 'thumb'),
          status: row.photoStatus,
        }
      : null;
  return {
    siteId: row.siteId,
    user: {
      id: String(row.id),
      name: profileName,
      email: row.email,
      credits: row.credits,
      paid_user: row.paidUser,
      status: row.status,
      role: row.role,
      signup_date: row.signupDate.toISOString(),
      notifications_disabled: row.notificationsDisabled.filter(isNotificationReason),
      fictional_icon:
        typeof fictionalIcon === 'string' ? fictionalIcon : (configured?.settings.fictional_icon ?? 'mask'),
      language: row.language,
      profile: {
        id: profileId,
        name: profileName,
        country: profileCountry,
        status: profileStatus,
        main_image: mainImage,
      },
    },
  };
}

/** Saves the interface language of an account. */
export async function saveAccountLanguage(db: Db, accountId: number, language: string): Promise<void> {
  await db.update(accounts).set({ language }).where(eq(accounts.id, accountId));
}
