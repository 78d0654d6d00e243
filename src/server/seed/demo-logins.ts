/**
 * The fixed demo logins of the default site (password `demo-password`), made on seeding
 * when missing: a free member with the signup bonus, a premium member with a purchase,
 * a moderator and an operator. Credits go through the ledger like everyone else's.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import { hashPassword } from '#src/server/features/accounts/index.ts';
import type { CountryCode } from '#src/lib/locales.ts';
import { createMember, type NewMember } from './accounts.ts';
import type { PhotoPool } from './photos.ts';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_SITE_ID = 'default';
/** Credits of the free demo member's signup bonus and the premium member's purchase. */
export const DEMO_SIGNUP_CREDITS = 20;
export const DEMO_PURCHASE_CREDITS = 250;

export interface DemoLogin {
  email: string;
  password: string;
  siteId: string;
  role: 'member' | 'moderator' | 'operator';
  /** What the login is for, as `npm start` prints it. */
  description: string;
}

interface DemoProfile {
  login: DemoLogin;
  name: string;
  gender: 'male' | 'female';
  seeking: 'male' | 'female';
  age: number;
  country: CountryCode;
  regionCode: string;
  city: string;
  photos: number;
  credits: { reason: 'signup_bonus' | 'purchase'; delta: number } | null;
  /** How long ago the account was made: past the webcam eligibility (4 days) for the free member. */
  signedUpDaysAgo: number;
}

const login = (email: string, role: DemoLogin['role'], description: string): DemoLogin => ({
  email,
  password: DEMO_PASSWORD,
  siteId: DEMO_SITE_ID,
  role,
  description,
});

/** What the moderator and operator profiles share: staff logins in Amsterdam, without photos or credits. */
const STAFF_PROFILE = {
  gender: 'female',
  seeking: 'male',
  country: 'NL',
  regionCode: 'NH',
  city: 'Amsterdam',
  photos: 0,
  credits: null,
  signedUpDaysAgo: 60,
} as const satisfies Partial<DemoProfile>;

const PROFILES: readonly DemoProfile[] = [
  {
    login: login('free@demo.test', 'member', `free member, ${DEMO_SIGNUP_CREDITS} credits (signup bonus)`),
    name: 'Sam',
    gender: 'male',
    seeking: 'female',
    age: 41,
    country: 'GB',
    regionCode: 'LND',
    city: 'London',
    photos: 1,
    credits: { reason: 'signup_bonus', delta: DEMO_SIGNUP_CREDITS },
    signedUpDaysAgo: 10,
  },
  {
    login: login('premium@demo.test', 'member', `premium member, ${DEMO_PURCHASE_CREDITS} credits (one purchase)`),
    name: 'Alex',
    gender: 'male',
    seeking: 'female',
    age: 52,
    country: 'NL',
    regionCode: 'NH',
    city: 'Amsterdam',
    photos: 3,
    credits: { reason: 'purchase', delta: DEMO_PURCHASE_CREDITS },
    signedUpDaysAgo: 30,
  },
  {
    login: login(
      'moderator@demo.test',
      'moderator',
      'moderator role (sees photos being inspected; the console is the back office)',
    ),
    name: 'Mod Maria',
    age: 35,
    ...STAFF_PROFILE,
  },
  {
    login: login('operator@demo.test', 'operator', 'operator (site settings, chat pals)'),
    name: 'Op Olivia',
    age: 44,
    ...STAFF_PROFILE,
  },
];

/** The demo logins, for `npm start` to print. */
export const DEMO_LOGINS: readonly DemoLogin[] = PROFILES.map((p) => p.login);

function birthdateAt(now: Date, age: number): string {
  return new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - 40 * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

export interface DemoLoginOptions {
  now: Date;
  regionIds: ReadonlyMap<string, number>;
  /** Photos for the member logins come from the pool when given. */
  pool?: PhotoPool;
}

/** Creates the demo logins that do not exist yet; answers all of them. */
export async function seedDemoLogins(db: Db, options: DemoLoginOptions): Promise<DemoLogin[]> {
  for (const p of PROFILES) {
    const [existing] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.siteId, p.login.siteId), eq(accounts.email, p.login.email)))
      .limit(1);
    if (existing) continue;
    const style = p.gender === 'female' ? 'long' : 'short';
    const photos: NonNullable<NewMember['photos']> = options.pool
      ? Array.from({ length: p.photos }, (_, i) => ({
          key: options.pool?.choices(style, i === 2)[i]?.key ?? '',
          status: 'active' as const,
          premium: i === 2,
        })).filter((photo) => photo.key !== '')
      : [];
    const created = await createMember(db, {
      siteId: p.login.siteId,
      email: p.login.email,
      passwordHash: await hashPassword(p.login.password),
      role: p.login.role,
      status: 'confirmed',
      language: 'en',
      name: p.name,
      gender: p.gender,
      seeking: p.seeking,
      birthdate: birthdateAt(options.now, p.age),
      country: p.country,
      regionId: options.regionIds.get(`${p.country}:${p.regionCode}`) ?? null,
      city: p.city,
      invisible: p.login.role !== 'member',
      photos,
      now: new Date(options.now.getTime() - p.signedUpDaysAgo * 86_400_000),
    });
    const credits = p.credits;
    if (credits) {
      await db.transaction((tx) =>
        applyCredits(tx, {
          accountId: created.accountId,
          delta: credits.delta,
          reason: credits.reason,
          reference: `demo:${p.login.email}`,
          now: new Date(options.now.getTime() - p.signedUpDaysAgo * 86_400_000),
        }),
      );
    }
  }
  return [...DEMO_LOGINS];
}
