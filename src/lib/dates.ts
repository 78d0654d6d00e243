/**
 * Dates and times as the product writes them, on the client, the server and the static pages
 * alike: a few named formats, each written by the locale (one cached `Intl.DateTimeFormat` per
 * locale and format). Screens name a format; they never build `Intl.DateTimeFormat` options.
 * Formats without a time zone use the reader's own (the browser's); the ones with `UTC` are
 * written on the server or at build time, where the reader's zone is unknown.
 */

const FORMATS = {
  /** A day: '5 Jan 2026'. */
  date: { dateStyle: 'medium' },
  /** A day and its time: '5 Jan 2026, 14:05'. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** A time of day: '14:05' (or '2:05 PM'). */
  time: { timeStyle: 'short' },
  /** A clock time with two-digit hours, as the chat shows it: '14:05' (or '02:05 PM'). */
  clock: { hour: '2-digit', minute: '2-digit' },
  /** A day of the month: '5 Jan'. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** A day of the month with its clock time: '5 Jan, 14:05'. */
  dayMonthClock: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** A month's name, of a date at midnight UTC: 'January'. */
  month: { month: 'long', timeZone: 'UTC' },
  /** A day in words, in UTC (receipts): '5 January 2026'. */
  longDate: { dateStyle: 'long', timeZone: 'UTC' },
  /** A day in words and its time, in UTC (the legal texts' version): '5 January 2026 at 14:05'. */
  longDateTime: { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof FORMATS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, format: DateFormat): Intl.DateTimeFormat {
  const key = `${locale}:${format}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, FORMATS[format]);
    formatters.set(key, found);
  }
  return found;
}

/** A moment (a Date, an ISO text or epoch milliseconds) in one of the named formats. */
export function formatDate(moment: Date | string | number, format: DateFormat, locale: string): string {
  return formatter(locale, format).format(typeof moment === 'string' ? new Date(moment) : moment);
}

/** Whether two moments fall on the same calendar day in the reader's time zone. */
export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * A recent moment: in `today`'s format when it falls on the same day as `now`, else in
 * `before`'s (a chat list shows '14:05' for today and '5 Jan' before). An unreadable moment
 * gives ''.
 */
export function formatRecent(
  moment: string | Date,
  locale: string,
  now: Date | number,
  today: DateFormat,
  before: DateFormat,
): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, sameDay(date, new Date(now)) ? today : before, locale);
}
