/**
 * Mollie's API as recorded answers, for the Mollie adapter's tests: an HTTPS server on
 * 127.0.0.1 that the real SDK (@mollie/api-client) talks to through MOLLIE_API_ENDPOINT.
 * Its answers are the documented response shapes in tests/fixtures/mollie/*.json, with the
 * ids, amounts and links of the request filled in; a test then says what Mollie says next
 * (`settle`: paid, failed, canceled, expired; a refund; a chargeback) and posts Mollie's
 * webhook, `id=tr_…`, as Mollie would.
 *
 * The SDK speaks only HTTPS with its own pinned CA bundle, so the server has a self-signed
 * loopback certificate and the test process accepts it (`acceptLoopbackCertificate`); no
 * request leaves 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const DIR = join(import.meta.dirname, '../fixtures/mollie');
/** A recorded answer (tests/fixtures/mollie/<name>.json), as Mollie documents it. */
const recorded = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;

export type MollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

type Json = Record<string, unknown>;
interface Amount {
  value: string;
  currency: string;
}

export interface FixturePayment extends Json {
  id: string;
  status: MollieStatus;
  amount: Amount;
  metadata: { payment_id: string; method: string } | null;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Json;
  authorization: string | undefined;
}

export interface MollieFixture {
  /** The API root for MOLLIE_API_ENDPOINT. */
  endpoint: string;
  /** Every request the SDK made, in order. */
  requests: RecordedRequest[];
  payments: Map<string, { payment: FixturePayment; refunds: Json[]; chargebacks: Json[] }>;
  /** Mollie ids the profile has activated (methods API); the recurring list holds directdebit. */
  activeMethods: Set<string>;
  /** The status Mollie gives the next recurring payment at once (repeat orders, direct debit). */
  nextRecurring: { status: MollieStatus; details?: string } | 'refuse';
  /** Mollie moves a payment on (what the payer or the bank did); `details` names a recorded details block. */
  settle(id: string, status: MollieStatus, details?: string): void;
  /** A refund made in Mollie's dashboard. */
  refundInDashboard(id: string, value: string): void;
  chargeback(id: string, value?: string): void;
  /** The payment Mollie made for one of our orders. */
  paymentOf(paymentId: string): FixturePayment;
  close(): Promise<void>;
}

/** Accept the fixture server's self-signed certificate in this test process (loopback only). */
export function acceptLoopbackCertificate(): void {
  process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
}

function mollieError(name: 'error-404' | 'error-422', detail: string): Json {
  return { ...recorded(name), detail };
}

export async function startMollieFixture(): Promise<MollieFixture> {
  const states = recorded('payment-states') as Record<string, Json> & { details: Record<string, Json> };
  let counter = 0;
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}_fx${String(counter).padStart(6, '0')}`;
  };
  const payments: MollieFixture['payments'] = new Map();
  const customers = new Map<string, Json>();
  const mandates = new Map<string, Json>();
  const requests: RecordedRequest[] = [];

  const links = (payment: FixturePayment): Json => {
    const base = recorded('payment')['_links'] as Record<string, { href: string; type: string }>;
    const swap = (href: string) =>
      href.replaceAll('tr_5B8cwPMGnU', payment.id).replaceAll('5B8cwPMGnU', payment.id.slice(3));
    const out: Json = {};
    for (const [key, link] of Object.entries(base)) out[key] = { ...link, href: swap(link.href) };
    // Mollie gives a checkout link only while the payer can still pay.
    if (payment.status !== 'open') delete out['checkout'];
    return out;
  };

  const view = (id: string, embed: string[]): Json | null => {
    const entry = payments.get(id);
    if (!entry) return null;
    const { payment } = entry;
    const body: Json = { ...payment, _links: links(payment) };
    if (embed.length) {
      const embedded: Json = {};
      if (embed.includes('refunds')) embedded['refunds'] = entry.refunds;
      if (embed.includes('chargebacks')) embedded['chargebacks'] = entry.chargebacks;
      body['_embedded'] = embedded;
    }
    return body;
  };

  const settle = (id: string, status: MollieStatus, details?: string) => {
    const entry = payments.get(id);
    if (!entry) throw new Error(`fixture: no payment ${id}`);
    const { amount } = entry.payment;
    const extra: Json = { ...states[status] };
    if (status === 'paid') {
      extra['amountRefunded'] = { value: '0.00', currency: amount.currency };
      extra['amountRemaining'] = amount;
      extra['settlementAmount'] = amount;
    }
    delete extra['_links'];
    const method = entry.payment.method as string | null;
    const detailsName = details ?? (status === 'paid' && method ? method : undefined);
    Object.assign(entry.payment, extra, { status });
    if (detailsName && states.details[detailsName]) entry.payment['details'] = states.details[detailsName];
    // A paid first payment leaves a valid mandate on the customer (Mollie's recurring flow).
    if (status === 'paid' && entry.payment.sequenceType === 'first' && entry.payment.customerId) {
      const mandate = { ...recorded('mandate'), id: nextId('mdt'), method: method ?? 'creditcard' };
      mandates.set(mandate.id, mandate);
      entry.payment.mandateId = mandate.id;
    }
  };

  const createPayment = (body: Json): FixturePayment => {
    const template = recorded('payment');
    const id = nextId('tr');
    const recurring = body['sequenceType'] === 'recurring';
    const mandate = recurring ? mandates.get(body['mandateId'] as string) : undefined;
    const payment: FixturePayment = {
      ...template,
      id,
      amount: body['amount'] as Amount,
      description: body['description'],
      method: body['method'] ?? mandate?.['method'] ?? null,
      metadata: (body['metadata'] as FixturePayment['metadata']) ?? null,
      sequenceType: (body['sequenceType'] as FixturePayment['sequenceType'] | undefined) ?? 'oneoff',
      redirectUrl: body['redirectUrl'] ?? null,
      cancelUrl: body['cancelUrl'] ?? null,
      webhookUrl: body['webhookUrl'] ?? null,
      locale: body['locale'] ?? null,
      status: 'open',
      ...(body['customerId'] ? { customerId: body['customerId'] as string } : {}),
      ...(body['mandateId'] ? { mandateId: body['mandateId'] as string } : {}),
    };
    delete payment['_links'];
    payments.set(id, { payment, refunds: [], chargebacks: [] });
    return payment;
  };

  const fixture: MollieFixture = {
    endpoint: '',
    requests,
    payments,
    activeMethods: new Set([
      'creditcard',
      'applepay',
      'googlepay',
      'paypal',
      'ideal',
      'bancontact',
      'eps',
      'przelewy24',
      'blik',
      'klarna',
      'trustly',
      'twint',
      'paysafecard',
      'banktransfer',
      'directdebit',
    ]),
    nextRecurring: { status: 'paid' },
    settle,
    refundInDashboard(id, value) {
      const entry = payments.get(id);
      if (!entry) throw new Error(`fixture: no payment ${id}`);
      entry.refunds.push({
        ...recorded('refund'),
        id: nextId('re'),
        paymentId: id,
        status: 'refunded',
        amount: { currency: entry.payment.amount.currency, value },
      });
    },
    chargeback(id, value) {
      const entry = payments.get(id);
      if (!entry) throw new Error(`fixture: no payment ${id}`);
      const amount = { currency: entry.payment.amount.currency, value: value ?? entry.payment.amount.value };
      entry.chargebacks.push({ ...recorded('chargeback'), id: nextId('chb'), paymentId: id, amount });
      entry.payment['amountChargedBack'] = amount;
    },
    paymentOf(paymentId) {
      const found = [...payments.values()].filter((e) => e.payment.metadata?.payment_id === paymentId);
      const last = found.at(-1);
      if (!last) throw new Error(`fixture: Mollie has no payment of order ${paymentId}`);
      return last.payment;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = (status: number, body: Json) => ({ status, body });

  const handle = (method: string, path: string, query: URLSearchParams, body: Json) => {
    const parts = path.replace(/^\/v2\//, '').split('/');
    const [collection, id, sub, subId] = parts;
    if (collection === 'methods' && method === 'GET' && !id) {
      const recurring = query.get('sequenceType') === 'recurring';
      const ids = [...fixture.activeMethods].filter((m) =>
        recurring ? ['creditcard', 'paypal', 'directdebit'].includes(m) : m !== 'directdebit',
      );
      const list = ids.map((m) => ({ ...recorded('method'), id: m, description: m }));
      return answer(200, {
        count: list.length,
        _embedded: { methods: list },
        _links: { self: { href: `https://api.mollie.com/v2/methods`, type: 'application/hal+json' } },
      });
    }
    if (collection === 'customers' && method === 'POST' && !id) {
      const customer = {
        ...recorded('customer'),
        id: nextId('cst'),
        name: body['name'] ?? null,
        metadata: body['metadata'] ?? null,
      };
      customers.set(customer.id, customer);
      return answer(201, customer);
    }
    if (collection === 'customers' && id && sub === 'mandates' && method === 'POST') {
      if (!customers.has(id)) return answer(404, mollieError('error-404', `No customer exists with token ${id}.`));
      const mandate = {
        ...recorded('mandate'),
        id: nextId('mdt'),
        method: body['method'],
        mandateReference: body['mandateReference'] ?? null,
        signatureDate: body['signatureDate'] ?? null,
        details: { consumerName: body['consumerName'], consumerAccount: body['consumerAccount'], consumerBic: null },
      };
      mandates.set(mandate.id, mandate);
      return answer(201, mandate);
    }
    if (collection === 'payments' && method === 'POST' && !id) {
      if (body['sequenceType'] === 'recurring') {
        if (fixture.nextRecurring === 'refuse' || !mandates.has(body['mandateId'] as string)) {
          return answer(422, mollieError('error-422', 'The mandate is not valid'));
        }
        const payment = createPayment(body);
        settle(payment.id, fixture.nextRecurring.status, fixture.nextRecurring.details);
        return answer(201, view(payment.id, []) ?? {});
      }
      const payment = createPayment(body);
      return answer(201, view(payment.id, []) ?? {});
    }
    if (collection === 'payments' && id && !sub) {
      const entry = payments.get(id);
      if (!entry) return answer(404, mollieError('error-404', `No payment exists with token ${id}.`));
      if (method === 'GET') return answer(200, view(id, (query.get('embed') ?? '').split(',').filter(Boolean)) ?? {});
      if (method === 'DELETE') {
        if (entry.payment.status !== 'open' || entry.payment.method === 'creditcard') {
          return answer(422, mollieError('error-422', 'The payment cannot be canceled'));
        }
        settle(id, 'canceled');
        return answer(200, view(id, []) ?? {});
      }
    }
    if (collection === 'payments' && id && sub === 'captures' && method === 'POST' && !subId) {
      const entry = payments.get(id);
      if (!entry) return answer(404, mollieError('error-404', `No payment exists with token ${id}.`));
      if (entry.payment.status !== 'authorized') {
        return answer(422, mollieError('error-422', 'The payment cannot be captured'));
      }
      // The capture settles at once here; at Mollie it is paid moments later, then the webhook.
      settle(id, 'paid');
      return answer(201, { ...recorded('capture'), id: nextId('cpt'), paymentId: id, amount: entry.payment.amount });
    }
    if (collection === 'payments' && id && sub === 'refunds' && method === 'POST' && !subId) {
      const entry = payments.get(id);
      if (!entry) return answer(404, mollieError('error-404', `No payment exists with token ${id}.`));
      if (entry.payment.status !== 'paid')
        return answer(422, mollieError('error-422', 'The payment is not refundable'));
      const refund = {
        ...recorded('refund'),
        id: nextId('re'),
        paymentId: id,
        amount: body['amount'],
        description: body['description'] ?? '',
        metadata: body['metadata'] ?? null,
      };
      entry.refunds.push(refund);
      return answer(201, refund);
    }
    return answer(404, mollieError('error-404', `fixture: no recorded answer for ${method} ${path}`));
  };

  const server: Server = createServer(
    { key: readFileSync(join(DIR, 'loopback-key.pem')), cert: readFileSync(join(DIR, 'loopback-cert.pem')) },
    (req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'https://127.0.0.1');
        const body = text ? (JSON.parse(text) as Json) : {};
        requests.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          body,
          authorization: req.headers.authorization,
        });
        const { status, body: out } = handle(req.method ?? 'GET', url.pathname, url.searchParams, body);
        res.writeHead(status, { 'content-type': 'application/hal+json' });
        res.end(JSON.stringify(out));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fixture.endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
  return fixture;
}
