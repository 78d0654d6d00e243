/**
 * The SMS sending limits besides the per-account hourly number (docs/direct-debit.md 'SMS
 * pumping'): codes per hour from one client address and to one destination prefix
 * (DIRECT_DEBIT_SMS_LIMITS), counted in the shared rate_limits table. The first code past a
 * limit in its window logs one `sms_burst` warning (docs/operations.md 'Alerts') naming the
 * prefix or the address's keyed hash, never the full number or address.
 */
import { DIRECT_DEBIT_SMS_LIMITS } from '#src/contract/direct-debit.ts';
import type { Db } from '#src/server/db/client.ts';
import { hitCounts, ipKey, rateLimited } from '#src/server/http/rate-limit.ts';
import { phonePrefix } from './details.ts';

const HOUR_MS = 3_600_000;
const ACTION = 'direct-debit-sms';

interface SendKeys {
  ip: string;
  prefix: string;
  /** The destination prefix as the alert names it ('+31 6123'). */
  prefixLabel: string;
}

async function sendKeys(db: Db, ip: string, e164: string): Promise<SendKeys> {
  const prefixLabel = phonePrefix(e164);
  return {
    ip: await ipKey(db, ACTION, ip),
    prefix: `${ACTION}:prefix:${prefixLabel.replace(' ', '')}`,
    prefixLabel,
  };
}

/**
 * Counts a code about to be sent against its address and prefix; throws 429 past either
 * limit, and the first refusal of a window logs the burst alert.
 */
export async function countSend(db: Db, input: { ip: string; e164: string; siteId: string; now: Date }): Promise<void> {
  const keys = await sendKeys(db, input.ip, input.e164);
  const counts = await hitCounts(db, [keys.ip, keys.prefix], HOUR_MS, input.now);
  const ipCount = counts.get(keys.ip) ?? 1;
  const prefixCount = counts.get(keys.prefix) ?? 1;
  // Exactly one hit is the first past the limit in a window: one line per burst, not one per refusal.
  if (ipCount === DIRECT_DEBIT_SMS_LIMITS.ip + 1) {
    burst({ by: 'ip', ip_hash: keys.ip.slice(keys.ip.lastIndexOf(':') + 1), siteId: input.siteId });
  }
  if (prefixCount === DIRECT_DEBIT_SMS_LIMITS.prefix + 1) {
    burst({ by: 'prefix', prefix: keys.prefixLabel, siteId: input.siteId });
  }
  if (ipCount > DIRECT_DEBIT_SMS_LIMITS.ip || prefixCount > DIRECT_DEBIT_SMS_LIMITS.prefix) throw rateLimited();
}

type Burst = { by: 'ip'; ip_hash: string; siteId: string } | { by: 'prefix'; prefix: string; siteId: string };

function burst({ siteId, ...what }: Burst): void {
  const limit = DIRECT_DEBIT_SMS_LIMITS[what.by];
  console.warn(
    JSON.stringify({ alert: 'sms_burst', feature: 'direct_debit', site: siteId, ...what, limit, window: '1h' }),
  );
}
