/**
 * A generic HTTP SMS gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN): each SMS is one
 * `POST <url>` with `Authorization: Bearer <token>` and the JSON body
 * `{"to": "+31612345678", "text": "…", "reference": "<id>"}`; any 2xx answer means it was
 * accepted. Most SMS services take this shape directly or through a small relay
 * (docs/direct-debit.md 'SMS gateway'). Nothing is kept here: list() is empty.
 */
import { randomBytes } from 'node:crypto';
import { SmsUnavailable, type OutgoingSms, type SentSms, type SmsProvider } from './types.ts';

export interface HttpSmsOptions {
  url: string;
  token?: string | undefined;
  now?: () => Date;
  /** Give up after this long (10 s). */
  timeoutMs?: number;
  /** The fetch to use (tests pass a fake). */
  fetch?: typeof fetch;
}

export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  return {
    kind: 'http',

    async send(sms: OutgoingSms): Promise<SentSms> {
      const id = randomBytes(8).toString('hex');
      let answer: Response;
      try {
        answer = await send(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: sms.to, text: sms.text, reference: id }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsUnavailable('the SMS gateway could not be reached', { cause: error });
      }
      // The body may echo the number or the code: never log it.
      await answer.body?.cancel();
      if (!answer.ok) throw new SmsUnavailable(`the SMS gateway answered ${answer.status}`);
      return { ...sms, id, sentAt: now().toISOString() };
    },

    list: () => Promise.resolve([]),
  };
}
