/**
 * The dashboards' sums (src/staff/dashboards/): every day of the range once, totals per site
 * and country with the conversion, the site-wide backlog rows kept out of the latter, and
 * the CSV of a table with formulas defused.
 */
import { describe, expect, it } from 'vitest';
import type { DailyRow } from '#src/contract/staff-dashboards.ts';
import { csvOf, lastDays, totalsByDay, totalsBySiteCountry } from '#src/staff/dashboards/dashboards-store.ts';

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
