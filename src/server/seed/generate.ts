/**
 * The deterministic member generator: for a site and a seed it yields the same members in
 * the same order, one at a time (a million members never sit in memory together). Pure:
 * no database, no clock; region codes are resolved to ids by the writer.
 */
import type { SiteConfig } from '#sites-config';
import { INTERESTS, PHOTO_LIMIT_FREE, type Gender, type Interest } from '#src/lib/constants.ts';
import { COUNTRY_LOCALES, isCountryCode, type CountryCode, type Locale } from '#src/lib/locales.ts';
import { ABOUT_ME } from './lists/about-me.ts';
import { CITIES } from './lists/cities.ts';
import { FIRST_NAMES } from './lists/names.ts';
import { COUNTRY_WEIGHTS, LANGUAGE_WEIGHTS } from './lists/world.ts';
import { INTEREST_POPULARITY, NICHES, type AgeBands, type NicheProfile } from './niches.ts';
import type { PhotoPool, SilhouetteStyle } from './photos.ts';
import { Random } from './prng.ts';

export const FICTIONAL_SHARE = 0.08;
const DAY_MS = 86_400_000;

export interface GeneratedPhoto {
  key: string;
  status: 'active' | 'being_inspected';
  premium: boolean;
}

export interface GeneratedMember {
  /** Position within the site's generated members (0-based). */
  index: number;
  fictional: boolean;
  publicId: string;
  name: string;
  /** Null for fictional profiles: they have no account. */
  email: string | null;
  accountStatus: 'confirmed' | 'not_confirmed';
  profileStatus: 'active' | 'disabled';
  gender: Gender;
  seeking: Gender;
  birthdate: string;
  age: number;
  country: CountryCode;
  regionCode: string;
  city: string;
  /** Coarse position in thousandths of a degree, snapped to a 0.01° grid. */
  latE3: number;
  lonE3: number;
  language: Locale;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  hairColor: string;
  eyeColor: string;
  bodyType: 'slim' | 'normal' | 'fat';
  relationshipStatus: string;
  tattoos: 'yes' | 'no';
  aboutMe: string;
  interests: Interest[];
  invisible: boolean;
  privacyMode: boolean;
  /** Credits bought (a purchase ledger row); 0 for free members. */
  purchasedCredits: number;
  signupDate: Date;
  lastActiveAt: Date;
  photos: GeneratedPhoto[];
}

export interface GenerateOptions {
  count: number;
  /** The seed text: the same seed gives the same members. */
  seed: string;
  /** The world's "today": ages and dates are relative to it. */
  now: Date;
  pool: PhotoPool;
}

const OPPOSITE: Readonly<Record<Gender, Gender>> = { female: 'male', male: 'female' };

function ageFrom(random: Random, bands: AgeBands): number {
  const band = random.weightedItem(bands, (b) => b[2]);
  return random.int(band[0], band[1]);
}

/** A birth date that makes someone exactly `age` on `now`. */
function birthdateFor(random: Random, now: Date, age: number): string {
  const latest = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return new Date(latest - random.int(0, 364) * DAY_MS).toISOString().slice(0, 10);
}

const ASCII: Readonly<Record<string, string>> = { ł: 'l', ø: 'o', æ: 'ae', ß: 'ss', đ: 'd' };

/** A lower-case ASCII version of a name, for e-mail addresses. */
export function asciiSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[łøæßđ]/g, (ch) => ASCII[ch] ?? ch)
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

function displayName(random: Random, firstName: string, birthdate: string): string {
  const style = random.next();
  if (style < 0.6) return firstName;
  if (style < 0.85) return `${firstName}${birthdate.slice(2, 4)}`;
  return `${firstName}${random.int(1, 999)}`;
}

function hairColor(random: Random, gender: Gender, age: number): string {
  const w: Record<string, number> = {
    black: 12,
    brunette: 15,
    blond: 14,
    dark_blond: 10,
    brown: 15,
    dark_brown: 12,
    gray: 2,
    red: 4,
    white: 0.5,
    bald: gender === 'male' ? 3 : 0,
    other: 2,
  };
  if (age >= 50) w['gray'] = (w['gray'] ?? 0) + 18;
  if (age >= 65) {
    w['gray'] = (w['gray'] ?? 0) + 10;
    w['white'] = (w['white'] ?? 0) + 12;
  }
  if (gender === 'male' && age >= 40) w['bald'] = (w['bald'] ?? 0) + 9;
  return random.weighted(w);
}

function relationshipStatus(random: Random, age: number): string {
  if (age < 30) return random.weighted({ single: 70, unmarried: 10, living_together: 10, married: 5, divorced: 5 });
  if (age < 50)
    return random.weighted({ single: 40, divorced: 20, married: 12, living_together: 10, unmarried: 15, widowed: 1 });
  return random.weighted({ single: 30, divorced: 35, widowed: 12, married: 12, unmarried: 6, living_together: 5 });
}

function pickInterests(random: Random, niche: NicheProfile): Interest[] {
  const chosen = random.sample(
    INTERESTS,
    random.int(3, 9),
    (k) => (INTEREST_POPULARITY[k] ?? 2) * (niche.interestBoost[k] ?? 1),
  );
  // Listed in the spec's order, as the profile page shows them.
  return INTERESTS.filter((k) => chosen.includes(k));
}

function aboutMe(random: Random, language: Locale, gender: Gender, seeking: Gender, niche: NicheProfile): string {
  const phrases = ABOUT_ME[language];
  const parts: string[] = [];
  if (random.chance(0.6)) parts.push(random.pick(phrases.intro));
  parts.push(random.pick(phrases.about[gender]));
  const flavour = niche.aboutNiche[gender];
  if (flavour && random.chance(0.7)) parts.push(random.pick(phrases.niche[flavour]));
  parts.push(random.pick(phrases.seeking[seeking]));
  if (random.chance(0.6)) parts.push(random.pick(phrases.closing));
  return parts.join(' ');
}

function photosFor(
  random: Random,
  pool: PhotoPool,
  gender: Gender,
  fictional: boolean,
  paid: boolean,
): GeneratedPhoto[] {
  if (!fictional && !random.chance(0.88)) return [];
  const wanted = fictional ? random.int(2, 5) : Number(random.weighted({ 1: 40, 2: 30, 3: 20, 4: 7, 5: 3 }));
  const count = fictional || paid ? wanted : Math.min(wanted, PHOTO_LIMIT_FREE);
  const style: SilhouetteStyle =
    gender === 'female' ? (random.chance(0.85) ? 'long' : 'short') : random.chance(0.9) ? 'short' : 'long';
  const used = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const premium = i > 0 && random.chance(0.3);
    const inspected = fictional ? false : random.chance(i === 0 ? 0.04 : 0.08);
    // The same picture twice on one profile would give the pool away.
    const all = pool.choices(style, premium);
    const fresh = all.filter((p) => !used.has(p.key));
    const { key } = random.pick(fresh.length > 0 ? fresh : all);
    used.add(key);
    return { key, status: inspected ? 'being_inspected' : 'active', premium };
  });
}

/** The members of one site, in order. */
export function* generateMembers(site: SiteConfig, options: GenerateOptions): Generator<GeneratedMember> {
  // A site added beyond SPEC §1's seven niches (docs/new-site.md) is peopled like the first.
  const niche = NICHES[site.niche] ?? NICHES[1];
  if (!niche) throw new Error(`no niche profile for niche ${site.niche}`);
  const random = new Random(`${options.seed}:${site.id}:members`);
  const countries = site.settings.countries.filter(isCountryCode);
  if (countries.length === 0) throw new Error(`site ${site.id} serves no known country`);
  const countryWeights = Object.fromEntries(countries.map((c) => [c, COUNTRY_WEIGHTS[c]])) as Record<
    CountryCode,
    number
  >;
  const now = options.now.getTime();

  for (let index = 0; index < options.count; index++) {
    const fictional = random.chance(FICTIONAL_SHARE);
    const gender: Gender = random.chance(fictional ? niche.fictionalFemaleShare : niche.femaleShare)
      ? 'female'
      : 'male';
    const seeking: Gender = random.chance(niche.sameSexShare[gender]) ? gender : OPPOSITE[gender];
    const sexuality =
      seeking === gender
        ? random.chance(0.75)
          ? gender === 'male'
            ? 'gay'
            : 'lesbian'
          : 'bi'
        : random.chance(0.88)
          ? 'hetero'
          : 'bi';
    const age = ageFrom(random, niche.ages[gender]);
    const birthdate = birthdateFor(random, options.now, age);

    const country = random.weighted(countryWeights);
    const language = random.weighted(LANGUAGE_WEIGHTS[country] ?? { [COUNTRY_LOCALES[country][0]]: 1 });
    const cities = CITIES[country];
    const local = cities.filter((c) => !c[5] || c[5].includes(language));
    const city = random.weightedItem(local.length > 0 ? local : cities, (c) => c[4]);
    const snap = (degrees: number) => Math.round((degrees + (random.next() - 0.5) * 0.08) * 100) * 10;

    const names = FIRST_NAMES[language][gender];
    const birthYear = Number(birthdate.slice(0, 4));
    const older = birthYear < 1978 ? random.chance(0.88) : random.chance(0.1);
    const firstName = random.pick(older ? names.older : names.younger);

    const confirmed = fictional || random.chance(0.92);
    const paid = !fictional && confirmed && random.chance(0.14);
    const signupAgo = Math.floor(730 * DAY_MS * random.next() ** 1.6) + DAY_MS;
    const signupDate = new Date(now - signupAgo);
    const lastActiveAt = new Date(now - Math.floor(signupAgo * random.next() ** 3));

    yield {
      index,
      fictional,
      publicId: random.token(12),
      name: displayName(random, firstName, birthdate),
      email: fictional ? null : `${asciiSlug(firstName)}.${index + 1}@${site.id}.members.test`,
      accountStatus: confirmed ? 'confirmed' : 'not_confirmed',
      profileStatus: confirmed ? 'active' : 'disabled',
      gender,
      seeking,
      birthdate,
      age,
      country,
      regionCode: city[1],
      city: city[0],
      latE3: snap(city[2]),
      lonE3: snap(city[3]),
      language,
      sexuality,
      hairColor: hairColor(random, gender, age),
      eyeColor: random.weighted({ blue: 30, green: 12, hazel: 10, brown: 38, gray: 6, other: 4 }),
      bodyType: random.weighted(niche.bodyType[gender]),
      relationshipStatus: relationshipStatus(random, age),
      tattoos: random.chance((age < 40 ? 0.4 : age < 60 ? 0.25 : 0.1) + (site.niche === 3 ? 0.2 : 0)) ? 'yes' : 'no',
      aboutMe: aboutMe(random, language, gender, seeking, niche),
      interests: pickInterests(random, niche),
      invisible: !fictional && random.chance(0.02),
      privacyMode: !fictional && random.chance(0.03),
      purchasedCredits: paid ? Number(random.weighted({ 100: 3, 250: 4, 500: 2, 1000: 1 })) : 0,
      signupDate,
      lastActiveAt,
      photos: photosFor(random, options.pool, gender, fictional, paid),
    };
  }
}
