/**
 * The dashboards' sums (src/staff/dashboards/): every day of the range once, totals per site
 * and country with the conversion, the site-wide backlog rows kept out of the latter, and
 * the CSV of a table with formulas defused; the chat pals' answer times from summed buckets.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_TIME_BOUNDS_S, answerTimePercentile, type DailyRow } from '#src/contract/staff-dashboards.ts';
import {
  answerTimesByDay,
  answerTimesBySite,
  csvOf,
  lastDays,
  totalsByDay,
  totalsBySiteCountry,
  waitText,
} from '#src/staff/dashboards/dashboards-store.ts';

const ZERO = {
  signups: 0,
  activations: 0,
  first_purchases: 0,
  purchases: 0,
  revenue_minor: 0,
  currency: '',
  messages_sent: 0,
  credits_spent: 0,
  moderation_backlog: 0,
};
const ROWS: DailyRow[] = [
  {
    ...ZERO,
    day: '2026-03-01',
    site: 'default',
    country: 'NL',
    signups: 4,
    first_purchases: 1,
    revenue_minor: 1995,
    currency: 'EUR',
  },
  {
    ...ZERO,
    day: '2026-03-03',
    site: 'default',
    country: 'NL',
    signups: 6,
    first_purchases: 2,
    revenue_minor: 995,
    currency: 'EUR',
  },
  { ...ZERO, day: '2026-03-03', site: 'default', country: '', moderation_backlog: 3 },
  { ...ZERO, day: '2026-03-03', site: 'she', country: 'DE', messages_sent: 9 },
];
const RANGE = { from: '2026-03-01', to: '2026-03-03', site: '' };

describe('dashboard sums', () => {
  it('has every day of the range once, zero where no row is', () => {
    const days = totalsByDay(RANGE, ROWS);
    expect(days.map((day) => day.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(days.map((day) => day.signups)).toEqual([4, 0, 6]);
    expect(days[2]).toMatchObject({ moderation_backlog: 3, messages_sent: 9 });
  });

  it('sums per site and country with the conversion; the backlog rows stay out', () => {
    const totals = totalsBySiteCountry(ROWS);
    expect(totals).toHaveLength(2);
    expect(totals.find((row) => row.site === 'default')).toMatchObject({
      signups: 10,
      first_purchases: 3,
      conversion: 30,
      revenue_minor: 2990,
      currency: 'EUR',
    });
    expect(totals.find((row) => row.site === 'she')?.conversion).toBeNull();
  });

  it('writes CSV with quoted fields and defused formulas', () => {
    expect(csvOf(['a', 'b'], [{ a: '=SUM(A1)', b: 3 }])).toBe('a,b\r\n"\'=SUM(A1)","3"\r\n');
  });

  it('the last 30 days end today', () => {
    expect(lastDays(30, new Date('2026-03-31T12:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31', site: '' });
  });
});

/** Buckets holding `count` answers of a wait of `seconds` each, per wait given. */
function waits(...pairs: [seconds: number, count: number][]): number[] {
  const buckets = Array.from({ length: ANSWER_TIME_BOUNDS_S.length + 1 }, () => 0);
  for (const [seconds, count] of pairs) {
    const index = ANSWER_TIME_BOUNDS_S.findIndex((bound) => seconds < bound);
    buckets[index === -1 ? ANSWER_TIME_BOUNDS_S.length : index]! += count;
  }
  return buckets;
}

describe('answer times', () => {
  it('reads the median and p90 from buckets, within a bucket of the true waits', () => {
    // 9 answers after 5 minutes, 1 after 3 hours: median about 5 minutes, p90 still 5 minutes.
    const buckets = waits([300, 9], [10_800, 1]);
    expect(answerTimePercentile(buckets, 0.5)).toBeGreaterThanOrEqual(300);
    expect(answerTimePercentile(buckets, 0.5)).toBeLessThan(360);
    expect(answerTimePercentile(waits([300, 8], [10_800, 2]), 0.95)).toBeGreaterThanOrEqual(10_800);
    expect(answerTimePercentile(waits(), 0.5)).toBeNull();
    // Waits of two days or more say 'at least two days'.
    expect(answerTimePercentile(waits([500_000, 1]), 0.5)).toBe(172_800);
  });

  it('adds the sites of a day and the days of a site before taking percentiles', () => {
    const rows = [
      { day: '2026-03-01', site: 'default', answers: 1, buckets: waits([60, 1]) },
      { day: '2026-03-01', site: 'she', answers: 2, buckets: waits([1200, 2]) },
      { day: '2026-03-03', site: 'she', answers: 1, buckets: waits([45, 1]) },
    ];
    const days = answerTimesByDay(RANGE, rows);
    expect(days.map((day) => [day.day, day.answers])).toEqual([
      ['2026-03-01', 3],
      ['2026-03-02', 0],
      ['2026-03-03', 1],
    ]);
    // Two of the three answers of the first day came after 20 minutes.
    expect(days[0]?.answer_median_s).toBeGreaterThanOrEqual(1200);
    expect(days[1]?.answer_median_s).toBeNull();
    const sites = answerTimesBySite(rows);
    expect(sites.map((site) => [site.site, site.answers])).toEqual([
      ['default', 1],
      ['she', 3],
    ]);
  });

  it('writes waits for people', () => {
    expect([waitText(45), waitText(750), waitText(7500), waitText(null)]).toEqual([
      '45 s',
      '12.5 min',
      '2 h 05 min',
      '–',
    ]);
  });
});
