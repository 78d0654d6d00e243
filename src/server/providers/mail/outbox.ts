/**
 * The offline mail provider: every mail becomes two files in the outbox folder
 * (`<DATA_DIR>/outbox/`, a file outbox: ../file-outbox.ts): `<id>.json` (what the dev inbox
 * and tests read) and `<id>.eml` (the full RFC 5322 message as nodemailer would send it;
 * opens in any mail client).
 */
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { createFileOutbox } from '../file-outbox.ts';
import { nodemailerMessage } from './message.ts';
import type { MailProvider, OutgoingMail, SentMail } from './types.ts';

export interface OutboxOptions {
  /** The outbox folder; created on first send. */
  dir: string;
  /** The sender address (MAIL_FROM). */
  from: string;
  /** The clock, injectable for tests. */
  now?: () => Date;
}

const sentMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  siteId: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  sentAt: z.string(),
});

export function createOutboxMailProvider(options: OutboxOptions): MailProvider {
  const outbox = createFileOutbox<SentMail>({ dir: options.dir, schema: sentMailSchema, now: options.now });
  // Renders the .eml exactly as the SMTP transport would put it on the wire.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    kind: 'outbox',

    async send(mail: OutgoingMail): Promise<SentMail> {
      const { id, sentAt } = outbox.next();
      const sent: SentMail = { ...mail, id, from: options.from, sentAt: sentAt.toISOString() };
      const rendered = await renderer.sendMail({
        ...nodemailerMessage(mail, options.from, sentAt),
        messageId: `<${id}@outbox.localhost>`,
      });
      await outbox.write(id, sent, { eml: rendered.message as Buffer });
      return sent;
    },

    list: () => outbox.list(),
  };
}
