/**
 * Dates (src/lib/dates.ts): the product's named formats, each written by the locale, with one
 * formatter per locale and format.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatRecent, sameDay } from '#src/lib/dates.ts';
import { LOCALES } from '#src/lib/locales.ts';

/** 5 January 2026, 14:05 in the reader's time zone. */
const local = new Date(2026, 0, 5, 14, 5);
/** 5 January 2026, 14:05 UTC. */
const utc = new Date(Date.UTC(2026, 0, 5, 14, 5));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dates', () => {
  it('writes each named format as the locale writes it', () => {
    expect(formatDate(local, 'date', 'en')).toBe('Jan 5, 2026');
    expect(formatDate(local, 'date', 'de')).toBe('05.01.2026');
    expect(formatDate(local, 'time', 'de')).toBe('14:05');
    expect(formatDate(local, 'clock', 'nl')).toBe('14:05');
    expect(formatDate(local, 'dayMonth', 'fr')).toBe('5 janv.');
    expect(formatDate(utc, 'longDate', 'en')).toBe('January 5, 2026');
    expect(formatDate(utc, 'longDate', 'sv')).toBe('5 januari 2026');
    expect(formatDate(Date.UTC(2000, 5, 1), 'month', 'pl')).toBe('czerwiec');
  });

  it('writes the same text as the options each screen used before, in every locale', () => {
    const before: [Parameters<typeof formatDate>[1], Intl.DateTimeFormatOptions, Date][] = [
      ['date', { dateStyle: 'medium' }, local],
      ['dateTime', { dateStyle: 'medium', timeStyle: 'short' }, local],
      ['time', { timeStyle: 'short' }, local],
      ['clock', { hour: '2-digit', minute: '2-digit' }, local],
      ['dayMonth', { day: 'numeric', month: 'short' }, local],
      ['dayMonthClock', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, local],
      ['month', { month: 'long', timeZone: 'UTC' }, utc],
      ['longDate', { dateStyle: 'long', timeZone: 'UTC' }, utc],
      ['longDateTime', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }, utc],
    ];
    for (const locale of LOCALES)
      for (const [format, options, moment] of before)
        expect(formatDate(moment, format, locale)).toBe(new Intl.DateTimeFormat(locale, options).format(moment));
  });

  it('reads ISO texts and epoch milliseconds as well as dates', () => {
    const text = formatDate(utc, 'longDateTime', 'en');
    expect(formatDate(utc.toISOString(), 'longDateTime', 'en')).toBe(text);
    expect(formatDate(utc.getTime(), 'longDateTime', 'en')).toBe(text);
  });

  it('makes one formatter per locale and format', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    // Locales no other test here uses, so neither formatter is cached yet.
    formatDate(local, 'dayMonthClock', 'en-GB');
    formatDate(new Date(2026, 5, 1), 'dayMonthClock', 'en-GB');
    formatDate(local, 'dayMonthClock', 'en-AU');
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('writes a recent moment in the day’s format today and in the other before', () => {
    const now = new Date(2026, 0, 5, 23, 59);
    expect(formatRecent(local.toISOString(), 'de', now, 'clock', 'dayMonth')).toBe('14:05');
    expect(formatRecent(new Date(2026, 0, 4, 23, 59), 'en', now, 'clock', 'dayMonth')).toBe('Jan 4');
    expect(formatRecent('not a date', 'en', now, 'clock', 'dayMonth')).toBe('');
    expect(sameDay(new Date(2026, 0, 5, 0, 0), now)).toBe(true);
    expect(sameDay(new Date(2025, 0, 5, 12, 0), now)).toBe(false);
  });
});
