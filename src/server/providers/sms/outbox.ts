/**
 * The offline SMS provider: every SMS becomes `<DATA_DIR>/sms-outbox/<id>.json` (a file
 * outbox: ../file-outbox.ts), listed by the dev inbox (/_dev/sms) and read by tests.
 */
import { z } from 'zod';
import { createFileOutbox } from '../file-outbox.ts';
import type { OutgoingSms, SentSms, SmsProvider } from './types.ts';

const sentSmsSchema = z.object({
  id: z.string(),
  to: z.string(),
  text: z.string(),
  siteId: z.string(),
  sentAt: z.string(),
});

export function createOutboxSmsProvider(options: { dir: string; now?: () => Date }): SmsProvider {
  const outbox = createFileOutbox<SentSms>({ dir: options.dir, schema: sentSmsSchema, now: options.now });
  return {
    kind: 'outbox',

    async send(sms: OutgoingSms): Promise<SentSms> {
      const { id, sentAt } = outbox.next();
      const sent: SentSms = { ...sms, id, sentAt: sentAt.toISOString() };
      await outbox.write(id, sent);
      return sent;
    },

    list: () => outbox.list(),
  };
}
