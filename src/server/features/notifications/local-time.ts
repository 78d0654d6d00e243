/**
 * The member's local time for the mails the hourly job times (docs/notifications.md 'Quiet
 * hours'): reminders, promotions and news go out only between SEND_FROM_HOUR and
 * SEND_UNTIL_HOUR where the member lives. The time zone is the profile country's: one zone
 * for each country the sites serve (SPEC §9), the most populous one's middle for the few
 * that span several (US, CA, AU), where the sending hours still fall between 08:00 and 22:00
 * on both coasts.
 */
import { isCountryCode, type CountryCode } from '#src/lib/locales.ts';

/** The first local hour a timed mail may go out. */
export const SEND_FROM_HOUR = 9;
/** The local hour from which timed mails wait for the next day (quiet hours until SEND_FROM_HOUR). */
export const SEND_UNTIL_HOUR = 21;

export const COUNTRY_TIME_ZONE: Readonly<Record<CountryCode, string>> = {
  // Chicago 09–21 is New York 10–22 and Los Angeles 07–19; Central keeps both coasts' evenings.
  US: 'America/Chicago',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  IE: 'Europe/Dublin',
  GB: 'Europe/London',
  CA: 'America/Toronto',
  PL: 'Europe/Warsaw',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  CH: 'Europe/Zurich',
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
};

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) at `at` in a country (UTC for a country the sites do not serve). */
export function localHour(country: string, at: Date): number {
  const code = country.toUpperCase();
  const zone = isCountryCode(code) ? COUNTRY_TIME_ZONE[code] : 'UTC';
  let format = hourFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(zone, format);
  }
  return Number(format.format(at)) % 24;
}

/** Whether a timed mail may go out now in the member's country (not in the quiet hours). */
export function inSendingHours(country: string, at: Date): boolean {
  const hour = localHour(country, at);
  return hour >= SEND_FROM_HOUR && hour < SEND_UNTIL_HOUR;
}
