/** The SMS provider interface: the outbox folder offline, an HTTP gateway in production. */
export interface OutgoingSms {
  /** E.164, e.g. '+31612345678'. */
  to: string;
  text: string;
  /** The site the SMS is sent for (its brand is the text's sender name). */
  siteId: string;
}

export interface SentSms extends OutgoingSms {
  id: string;
  sentAt: string;
}

/** The SMS could not be handed over (gateway down or refusing): the member is told to try again. */
export class SmsUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsUnavailable';
  }
}

export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  /** Sends one SMS. Throws SmsUnavailable. */
  send(sms: OutgoingSms): Promise<SentSms>;
  /** The outbox's messages, newest first; the gateway keeps none. */
  list(): Promise<SentSms[]>;
}
