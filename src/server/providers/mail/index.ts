/** Picks the mail provider: SMTP when SMTP_URL is set, the outbox folder otherwise. */
import { join } from 'node:path';
import type { Config } from '#src/server/env.ts';
import { createOutboxMailProvider } from './outbox.ts';
import { createSmtpMailProvider } from './smtp.ts';
import type { MailProvider } from './types.ts';

export type { MailProvider, OutgoingMail, SentMail } from './types.ts';
export { createOutboxMailProvider } from './outbox.ts';
export { createSmtpMailProvider } from './smtp.ts';

/** The outbox folder of a configuration. */
export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

export function createMailProvider(config: Config, now?: () => Date): MailProvider {
  const clock = now ? { now } : {};
  return config.smtpUrl
    ? createSmtpMailProvider({ url: config.smtpUrl, from: config.mailFrom, ...clock })
    : createOutboxMailProvider({ dir: outboxDir(config), from: config.mailFrom, ...clock });
}
