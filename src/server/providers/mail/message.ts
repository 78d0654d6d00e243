/** The nodemailer message of an outgoing mail, as both providers send or render it. */
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { OutgoingMail } from './types.ts';

export function nodemailerMessage(mail: OutgoingMail, from: string, sentAt: Date): Mail.Options {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    date: sentAt,
    headers: { ...mail.headers, 'X-Site': mail.siteId },
  };
}
