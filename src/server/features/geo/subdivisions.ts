/**
 * How the subdivision codes of the places data (@countrystatecity/countries) lead to the
 * region codes of our regions table (country-region-data). Mostly they are the same ISO
 * 3166-2 code; where not, a place's code is tried in this order: itself, its alias, its
 * parent, the parent's alias — the first one the country's regions have wins.
 *
 * - Parents: France and Italy list their places by department / province, our regions are
 *   the level above (ISO 3166-2 parent subdivisions, taken from Debian's iso-codes 4.15).
 * - Aliases: codes that changed on one side only: Corsica (FR-COR became FR-20R in 2019),
 *   Paris as a collectivity (FR-75C), Norway's 2024 county split (the places data has the
 *   new counties, country-region-data the 2020 ones), the Northamptonshire split (2021);
 *   and parts that country-coder names as territories of their own (Åland AX is FI-01,
 *   Svalbard SJ is NO-21).
 * - Prefixes: country-region-data writes some codes with their country (DK-84, FI-01);
 *   codes are compared without it (`bareCode`).
 *
 * When a package updates its codes, a direct match takes over and an entry here simply
 * stops being used; tests/integration/geo.test.ts checks known places of several countries.
 */

/** Regions → their subdivisions, as space-separated codes (inverted into PARENTS below). */
const CHILDREN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  FR: {
    '20R': '2A 2B',
    ARA: '01 03 07 15 26 38 42 43 63 69 73 74',
    BFC: '21 25 39 58 70 71 89 90',
    BRE: '22 29 35 56',
    CVL: '18 28 36 37 41 45',
    GES: '08 10 51 52 54 55 57 67 68 88',
    GF: '973',
    GP: '971',
    HDF: '02 59 60 62 80',
    IDF: '75 77 78 91 92 93 94 95',
    MQ: '972',
    NAQ: '16 17 19 23 24 33 40 47 64 79 86 87',
    NOR: '14 27 50 61 76',
    OCC: '09 11 12 30 31 32 34 46 48 65 66 81 82',
    PAC: '04 05 06 13 83 84',
    PDL: '44 49 53 72 85',
    RE: '974',
    YT: '976',
  },
  IT: {
    '21': 'AL AT BI CN NO TO VB VC',
    '25': 'BG BS CO CR LC LO MB MI MN PV SO VA',
    '32': 'BZ TN',
    '34': 'BL PD RO TV VE VI VR',
    '36': 'GO PN TS UD',
    '42': 'GE IM SP SV',
    '45': 'BO FC FE MO PC PR RA RE RN',
    '52': 'AR FI GR LI LU MS PI PO PT SI',
    '55': 'PG TR',
    '57': 'AN AP FM MC PU',
    '62': 'FR LT RI RM VT',
    '65': 'AQ CH PE TE',
    '67': 'CB IS',
    '72': 'AV BN CE NA SA',
    '75': 'BA BR BT FG LE TA',
    '77': 'MT PZ',
    '78': 'CS CZ KR RC VV',
    '82': 'AG CL CT EN ME PA RG SR TP',
    '88': 'CA NU OR SS SU',
  },
};

/** Country → subdivision code → parent code. */
export const PARENTS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(CHILDREN).map(([country, regions]) => [
    country,
    new Map(
      Object.entries(regions).flatMap(([parent, children]) => children.split(' ').map((child) => [child, parent])),
    ),
  ]),
);

/** Country → code of the places data → the code our regions use for the same area. */
export const ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  FI: { AX: '01' },
  FR: { '20R': 'COR', '75C': 'IDF', '6AE': 'GES', '69M': 'ARA' },
  GB: { NNH: 'NTH', WNH: 'NTH' },
  NO: { '42': '09', '31': '30', '32': '30', '33': '30', '39': '38', '40': '38', '55': '54', '56': '54', SJ: '21' },
};

/** A region code without its country prefix ('DK-84' → '84', 'NH' → 'NH'). */
export function bareCode(country: string, code: string): string {
  return code.startsWith(`${country}-`) ? code.slice(country.length + 1) : code;
}

/** The codes to try for a place's subdivision code, most specific first. */
export function candidateCodes(country: string, code: string): string[] {
  const bare = bareCode(country, code);
  const aliases = ALIASES[country] ?? {};
  const parent = PARENTS.get(country)?.get(bare);
  const list = [bare, aliases[bare], parent, parent === undefined ? undefined : aliases[parent]];
  return [...new Set(list.filter((c): c is string => c !== undefined))];
}

/**
 * The region of a place's subdivision code among a country's regions (bare code → region),
 * or undefined when none of its candidates is one of them.
 */
export function resolveRegion<R>(country: string, code: string, regions: ReadonlyMap<string, R>): R | undefined {
  for (const candidate of candidateCodes(country, code)) {
    const region = regions.get(candidate);
    if (region !== undefined) return region;
  }
  return undefined;
}
