/** The funnel's significance note (src/server/features/staff-funnel/significance.ts). */
import { describe, expect, it } from 'vitest';
import { compareInWords, normalCdf, twoProportionPValue } from '#src/server/features/staff-funnel/significance.ts';

describe('the two-proportion z-test', () => {
  it('uses the standard normal distribution', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 6);
  });

  it('gives the two-sided p-value of the difference in signups per visit', () => {
    // Pooled 6.5 %, SE 0.011025, z 2.7211: p 0.0065.
    expect(twoProportionPValue({ visits: 1000, signups: 50 }, { visits: 1000, signups: 80 })).toBeCloseTo(0.0065, 4);
    // 5 % against 6 % of 1000 each: z 0.9804, p 0.327.
    expect(twoProportionPValue({ visits: 1000, signups: 50 }, { visits: 1000, signups: 60 })).toBeCloseTo(0.3269, 3);
    expect(twoProportionPValue({ visits: 500, signups: 25 }, { visits: 500, signups: 25 })).toBeCloseTo(1, 6);
  });

  it('says there is not enough data below 100 visits or 10 signups in an arm', () => {
    expect(twoProportionPValue({ visits: 99, signups: 20 }, { visits: 1000, signups: 80 })).toBeNull();
    expect(twoProportionPValue({ visits: 1000, signups: 9 }, { visits: 1000, signups: 80 })).toBeNull();
    expect(compareInWords('b', { visits: 40, signups: 4 }, { visits: 38, signups: 9 })).toMatchObject({
      verdict: 'not_enough_data',
      pValue: null,
    });
  });

  it('says the answer in words', () => {
    const unclear = compareInWords('b', { visits: 1000, signups: 50 }, { visits: 1000, signups: 60 });
    expect(unclear.pValue).toBeCloseTo(0.327, 3);
    expect(unclear).toMatchObject({
      verdict: 'no_clear_difference',
      note: 'b signs up 6% of visits, control 5%: a difference this large would turn up by chance about 33 times in 100 (p = 0.327), so no clear difference yet.',
    });
    expect(compareInWords('c', { visits: 2000, signups: 200 }, { visits: 2000, signups: 140 }).note).toBe(
      'c signs up 7% of visits, control 10%: a difference this large would turn up by chance fewer than 1 time in 100 (p = 0.001), so c is likely worse than control.',
    );
  });
});
