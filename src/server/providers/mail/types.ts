/** The mail provider interface: the outbox folder offline, SMTP in production. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Site the mail is sent for (sender name, links). */
  siteId: string;
  /** Extra header fields, e.g. List-Unsubscribe (RFC 8058) on notification mails. */
  headers?: Record<string, string>;
}

export interface SentMail extends OutgoingMail {
  id: string;
  from: string;
  sentAt: string;
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<SentMail>;
  /** The outbox's mails, newest first; the SMTP provider keeps none. */
  list(): Promise<SentMail[]>;
}
