/** Picks the SMS provider: the HTTP gateway when SMS_GATEWAY_URL is set, the outbox folder otherwise. */
import { join } from 'node:path';
import type { Config } from '#src/server/env.ts';
import { createHttpSmsProvider } from './http.ts';
import { createOutboxSmsProvider } from './outbox.ts';
import type { SmsProvider } from './types.ts';

export type { OutgoingSms, SentSms, SmsProvider } from './types.ts';
export { SmsUnavailable } from './types.ts';
export { createHttpSmsProvider } from './http.ts';
export { createOutboxSmsProvider } from './outbox.ts';

/** The SMS outbox folder of a configuration. */
export function smsOutboxDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'sms-outbox');
}

export function createSmsProvider(
  config: Pick<Config, 'dataDir' | 'smsGatewayUrl' | 'smsGatewayToken'>,
  now?: () => Date,
): SmsProvider {
  const clock = now ? { now } : {};
  return config.smsGatewayUrl
    ? createHttpSmsProvider({ url: config.smsGatewayUrl, token: config.smsGatewayToken, ...clock })
    : createOutboxSmsProvider({ dir: smsOutboxDir(config), ...clock });
}
