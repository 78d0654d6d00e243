/**
 * Webhook signatures: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the
 * scheme most payment services use. Verification compares in constant time and refuses a
 * timestamp more than WEBHOOK_TOLERANCE_SECONDS away from our clock (a replayed capture).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './types.ts';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** The signature header value of a body sent at `now`. */
export function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}`;
}

/** Equal strings, compared in constant time (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Throws WebhookRejected unless `header` signs `body` with `secret` within the tolerance. */
export function verifyWebhook(secret: string, header: string | null | undefined, body: string, now: Date): void {
  if (!header) throw new WebhookRejected('missing signature');
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key && value) parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const t = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isSafeInteger(t) || signatures.length === 0) throw new WebhookRejected('malformed signature');
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookRejected('stale signature');
  const expected = hmacHex(secret, `${t}.${body}`);
  // Several v1 values are allowed while a secret is being rotated.
  if (!signatures.some((s) => safeEqual(s, expected))) throw new WebhookRejected('wrong signature');
}
