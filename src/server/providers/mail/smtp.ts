/**
 * The production mail provider: SMTP through nodemailer (SMTP_URL, e.g.
 * smtps://user:pass@smtp.example.com:465). It keeps no copy, so `list()` is empty.
 */
import nodemailer from 'nodemailer';
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
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html !== undefined ? { html: mail.html } : {}),
        date: sentAt,
        headers: { 'X-Site': mail.siteId },
      });
      return { ...mail, id: info.messageId, from: options.from, sentAt: sentAt.toISOString() };
    },

    list(): Promise<SentMail[]> {
      return Promise.resolve([]);
    },
  };
}
