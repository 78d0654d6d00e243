/**
 * Whether a lander variant converts differently from its control (docs/staff.md "Marketing
 * funnel"): a two-sided two-proportion z-test on signups per visit, with the pooled standard
 * error, and the answer said in words. Below a minimum of visits and signups in each arm the
 * note says there is not enough data yet: the normal approximation needs them, and an early
 * peek at a small sample is how false winners are crowned.
 */

/** Each arm needs at least this many visits… */
export const MIN_VISITS = 100;
/** …and this many signups before a comparison is reported. */
export const MIN_SIGNUPS = 10;
/** A p-value below this is reported as a likely difference. */
export const ALPHA = 0.05;

export interface Arm {
  visits: number;
  signups: number;
}

/** The standard normal cumulative distribution (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The two-sided p-value of the difference in signups per visit between two arms; null below the minimum. */
export function twoProportionPValue(control: Arm, variant: Arm): number | null {
  if (!hasEnoughData(control) || !hasEnoughData(variant)) return null;
  const p1 = control.signups / control.visits;
  const p2 = variant.signups / variant.visits;
  const pooled = (control.signups + variant.signups) / (control.visits + variant.visits);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.visits + 1 / variant.visits));
  if (se === 0) return 1;
  const z = (p2 - p1) / se;
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
}

export function hasEnoughData(arm: Arm): boolean {
  return arm.visits >= MIN_VISITS && arm.signups >= MIN_SIGNUPS;
}

/** Signups per visit in percent, one decimal; null without visits. */
export function ratePercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** How often in 100 a difference this large turns up by chance, for the note: 'about 3', 'fewer than 1'. */
function chanceInWords(p: number): string {
  const per100 = p * 100;
  if (per100 < 1) return 'fewer than 1 time in 100';
  return `about ${Math.round(per100)} times in 100`;
}

export type Verdict = 'not_enough_data' | 'no_clear_difference' | 'likely_difference';

/** The note of one variant against the control. */
export function compareInWords(
  name: string,
  control: Arm,
  variant: Arm,
): { verdict: Verdict; pValue: number | null; note: string } {
  const p = twoProportionPValue(control, variant);
  if (p === null) {
    const short = [control, variant].some((arm) => arm.visits < MIN_VISITS)
      ? `${MIN_VISITS} visits`
      : `${MIN_SIGNUPS} signups`;
    return {
      verdict: 'not_enough_data',
      pValue: null,
      note: `${name}: not enough data yet (each of control and ${name} needs at least ${MIN_VISITS} visits and ${MIN_SIGNUPS} signups; one has fewer than ${short}).`,
    };
  }
  const a = ratePercent(control.signups, control.visits) ?? 0;
  const b = ratePercent(variant.signups, variant.visits) ?? 0;
  const direction = b > a ? 'better' : b < a ? 'worse' : 'the same';
  const rates = `${name} signs up ${b}% of visits, control ${a}%`;
  const chance = `a difference this large would turn up by chance ${chanceInWords(p)} (p = ${p.toFixed(3)})`;
  if (p < ALPHA) {
    return {
      verdict: 'likely_difference',
      pValue: p,
      note: `${rates}: ${chance}, so ${name} is likely ${direction} than control.`,
    };
  }
  return { verdict: 'no_clear_difference', pValue: p, note: `${rates}: ${chance}, so no clear difference yet.` };
}
