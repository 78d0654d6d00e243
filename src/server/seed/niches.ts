/**
 * Who populates each niche site: the share of women, ages, who seeks whom, body types and
 * favourite interests. Ages are weighted bands; the weights are relative.
 */
import type { Gender, Interest } from '#src/lib/constants.ts';
import type { AboutNiche } from './lists/about-me.ts';

export type AgeBands = readonly (readonly [min: number, max: number, weight: number])[];

export interface NicheProfile {
  /** Share of women among the members (fictional profiles follow `fictionalFemaleShare`). */
  femaleShare: number;
  fictionalFemaleShare: number;
  ages: Readonly<Record<Gender, AgeBands>>;
  /** Probability that someone seeks their own gender. */
  sameSexShare: Readonly<Record<Gender, number>>;
  bodyType: Readonly<Record<Gender, Readonly<Record<'slim' | 'normal' | 'fat', number>>>>;
  /** Interest weights multiplied on top of the general ones. */
  interestBoost: Readonly<Partial<Record<Interest, number>>>;
  /** The niche sentence of 'about me' texts, for women / men. */
  aboutNiche: Readonly<Record<Gender, AboutNiche | null>>;
}

const GENERAL_AGES: AgeBands = [
  [18, 24, 2],
  [25, 34, 4],
  [35, 44, 4],
  [45, 54, 3.5],
  [55, 64, 2],
  [65, 80, 0.7],
];

const AVERAGE_BODY = { slim: 3, normal: 5, fat: 2 } as const;

export const NICHES: Readonly<Record<number, NicheProfile>> = {
  // 1 default: flirting and dating for adults.
  1: {
    femaleShare: 0.45,
    fictionalFemaleShare: 0.85,
    ages: { female: GENERAL_AGES, male: GENERAL_AGES },
    sameSexShare: { female: 0.06, male: 0.05 },
    bodyType: { female: AVERAGE_BODY, male: AVERAGE_BODY },
    interestBoost: { relationship: 1.5, kissing: 1.3 },
    aboutNiche: { female: null, male: null },
  },
  // 2 she: women who know what they want.
  2: {
    femaleShare: 0.58,
    fictionalFemaleShare: 0.9,
    ages: {
      female: [
        [21, 29, 3],
        [30, 44, 5],
        [45, 59, 3],
        [60, 70, 0.6],
      ],
      male: GENERAL_AGES,
    },
    sameSexShare: { female: 0.12, male: 0.03 },
    bodyType: { female: AVERAGE_BODY, male: AVERAGE_BODY },
    interestBoost: { lingerie: 2, onenightstand: 2, sex: 1.8, sextoys: 1.8, exchangingpictures: 1.6 },
    aboutNiche: { female: null, male: null },
  },
  // 3 bdsm: kink, bondage and power play.
  3: {
    femaleShare: 0.42,
    fictionalFemaleShare: 0.85,
    ages: {
      female: [
        [20, 29, 3],
        [30, 44, 4],
        [45, 60, 2],
      ],
      male: [
        [21, 29, 2],
        [30, 44, 4],
        [45, 65, 3],
      ],
    },
    sameSexShare: { female: 0.12, male: 0.08 },
    bodyType: { female: AVERAGE_BODY, male: AVERAGE_BODY },
    interestBoost: { bondage: 40, sadomasochism: 35, sextoys: 3, lingerie: 2.5, tattoos: 2, massages: 1.5 },
    aboutNiche: { female: 'bdsm', male: 'bdsm' },
  },
  // 4 bbw: curvy women and those who admire them.
  4: {
    femaleShare: 0.55,
    fictionalFemaleShare: 0.95,
    ages: {
      female: [
        [20, 29, 3],
        [30, 44, 4],
        [45, 59, 3],
        [60, 72, 0.8],
      ],
      male: GENERAL_AGES,
    },
    sameSexShare: { female: 0.05, male: 0.02 },
    bodyType: { female: { slim: 0, normal: 2, fat: 8 }, male: { slim: 2, normal: 5, fat: 3 } },
    interestBoost: { cooking: 2, foodie: 2.5, lingerie: 1.5, hugging: 1.8, movies: 1.4 },
    aboutNiche: { female: 'curvy', male: 'curvy' },
  },
  // 5 gilf: mature women with experience.
  5: {
    femaleShare: 0.6,
    fictionalFemaleShare: 0.95,
    ages: {
      female: [
        [55, 59, 3],
        [60, 69, 5],
        [70, 80, 2],
      ],
      male: [
        [20, 29, 2],
        [30, 44, 3],
        [45, 59, 3],
        [60, 75, 2],
      ],
    },
    sameSexShare: { female: 0.03, male: 0.02 },
    bodyType: { female: { slim: 2, normal: 5, fat: 3 }, male: AVERAGE_BODY },
    interestBoost: {
      gardening: 2.5,
      reading: 2,
      cooking: 2,
      tea: 2,
      wine: 1.6,
      travelling: 1.5,
      videogames: 0.2,
      party: 0.5,
    },
    aboutNiche: { female: 'mature', male: null },
  },
  // 6 milf: confident mothers looking for fun.
  6: {
    femaleShare: 0.6,
    fictionalFemaleShare: 0.95,
    ages: {
      female: [
        [33, 39, 4],
        [40, 47, 5],
        [48, 55, 3],
      ],
      male: [
        [19, 25, 3],
        [26, 35, 4],
        [36, 50, 3],
      ],
    },
    sameSexShare: { female: 0.04, male: 0.02 },
    bodyType: { female: { slim: 3, normal: 5, fat: 2 }, male: AVERAGE_BODY },
    interestBoost: { wine: 2, lingerie: 1.8, onenightstand: 1.6, shopping: 1.4, gym: 1.3 },
    aboutNiche: { female: 'mature', male: null },
  },
  // 7 gay: men who date men.
  7: {
    femaleShare: 0,
    fictionalFemaleShare: 0,
    ages: { female: GENERAL_AGES, male: GENERAL_AGES },
    sameSexShare: { female: 1, male: 1 },
    bodyType: { female: AVERAGE_BODY, male: { slim: 4, normal: 5, fat: 1 } },
    interestBoost: { gym: 2.5, party: 2, fashion: 1.8, dancing: 1.8, music: 1.4, travelling: 1.4 },
    aboutNiche: { female: null, male: null },
  },
};

/** How popular each interest is in general (before a niche's boost). */
export const INTEREST_POPULARITY: Readonly<Partial<Record<Interest, number>>> = {
  relationship: 5,
  onenightstand: 3,
  kissing: 5,
  hugging: 5,
  massages: 4,
  lingerie: 2.5,
  sex: 4,
  safesex: 2,
  publicsex: 1,
  oralsex: 2,
  analsex: 0.8,
  sextoys: 1.2,
  masturbating: 0.8,
  exchangingpictures: 1.5,
  threesome: 1,
  gangbang: 0.3,
  bondage: 0.6,
  sadomasochism: 0.4,
  music: 5,
  movies: 5,
  travelling: 5,
  cooking: 4,
  foodie: 4,
  beach: 4,
  wine: 3.5,
};
