/**
 * The production mail provider: SMTP through nodemailer (SMTP_URL, e.g.
 * smtps://user:pass@smtp.example.com:465). It keeps no copy, so `list()` is empty.
 */
import nodemailer from 'nodemailer';
import { nodemailerMessage } from './message.ts';
import type { MailProvider, OutgoingMail, SentMail } from './types.ts';

export interface SmtpOptions {
  url: string;
  from: string;
  now?: () => Date;
}

export function createSmtpMailProvider(options: SmtpOptions): MailProvider {
  const transport = nodemailer.createTransport(options.url);
  const now = options.now ?? (() => new Date());
  return {
    kind: 'smtp',

    async send(mail: OutgoingMail): Promise<SentMail> {
      const sentAt = now();
      const info = await transport.sendMail(nodemailerMessage(mail, options.from, sentAt));
      return { ...mail, id: info.messageId, from: options.from, sentAt: sentAt.toISOString() };
    },

    list(): Promise<SentMail[]> {
      return Promise.resolve([]);
    },
  };
}
