/**
 * The current user as the member's own app sees it (SPEC §3 "Current user"): built from
 * the account, its profile and main photo. The contract's DTO is the whole answer; the
 * password hash, sessions and everything else stay in the database.
 */
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '#src/contract/user.ts';
import type { SiteConfig } from '#sites-config';
import type { Db } from '#src/server/db/client.ts';
import { accounts, photos, profiles, sites } from '#src/server/db/schema.ts';
import { photoUrl } from '#src/contract/photos.ts';

const NOTIFICATION_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
type NotificationReason = (typeof NOTIFICATION_REASONS)[number];

function isNotificationReason(value: string): value is NotificationReason {
  return (NOTIFICATION_REASONS as readonly string[]).includes(value);
}

export interface LoadedUser {
  siteId: string;
  user: CurrentUser;
}

/** The account's DTO, or null when the account does not exist or cannot log in. */
export async function loadCurrentUser(
  db: Db,
  accountId: number,
  siteConfigs: readonly SiteConfig[],
): Promise<LoadedUser | null> {
  const [row] = await db
    .select({
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
      siteSettings: sites.settings,
      profileId: profiles.publicId,
      profileName: profiles.name,
      profileCountry: profiles.country,
      profileStatus: profiles.status,
      photoId: photos.publicId,
      photoStatus: photos.status,
    })
    .from(accounts)
    .innerJoin(sites, eq(sites.id, accounts.siteId))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row || row.email === null) return null;
  if (row.status !== 'not_confirmed' && row.status !== 'confirmed' && row.status !== 'banned') return null;

  const configured = siteConfigs.find((s) => s.id === row.siteId);
  const fictionalIcon = row.siteSettings['fictional_icon'];
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
      name: row.profileName,
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
        id: row.profileId,
        name: row.profileName,
        country: row.profileCountry,
        status: row.profileStatus,
        main_image: mainImage,
      },
    },
  };
}

/** Saves the interface language of an account. */
export async function saveAccountLanguage(db: Db, accountId: number, language: string): Promise<void> {
  await db.update(accounts).set({ language }).where(eq(accounts.id, accountId));
}
