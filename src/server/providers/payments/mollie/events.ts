/**
 * A Mollie payment, as fetched from Mollie, read as our payment events. Mollie's webhook says
 * only "payment tr_… changed"; what changed is the payment's state now, so the same state
 * gives the same event ids every time it is read (a repeated webhook changes nothing in
 * billing's payment_events), and a state is reported in its natural order: the status first,
 * then each refund, then each chargeback. Billing's state machine takes what moves an order
 * forward and ignores the rest (late, repeated or out-of-order webhooks).
 *
 * | Mollie                                     | our event                                  |
 * | ------------------------------------------ | ------------------------------------------ |
 * | open                                       | none (the order stays created)             |
 * | pending, authorized (captured: index.ts)   | pending                                    |
 * | paid                                       | completed (+ the stored method of a first) |
 * | failed / canceled / expired                | failed / cancelled / cancelled             |
 * | a refund (not failed or canceled)          | refunded, with its amount                  |
 * | a chargeback (not reversed)                | chargeback                                 |
 */
import { RefundStatus, SequenceType, type Payment } from '@mollie/api-client';
import { PAYMENT_METHODS, PAYMENT_METHOD_RULES, type PaymentMethod } from '#src/contract/billing.ts';
import type { PaymentEvent, PaymentEventType } from '../types.ts';
import { fromMollieAmount } from './amounts.ts';

/** What we put in a payment's metadata: our order and the method the member chose. */
export interface MollieMetadata {
  payment_id: string;
  method: PaymentMethod;
}

export function readMetadata(payment: Pick<Payment, 'metadata'>): MollieMetadata | null {
  const meta = payment.metadata as Partial<MollieMetadata> | null | undefined;
  if (!meta || typeof meta.payment_id !== 'string' || !/^[A-Z0-9]{6,16}$/.test(meta.payment_id)) return null;
  const method = PAYMENT_METHODS.includes(meta.method as PaymentMethod) ? (meta.method as PaymentMethod) : 'creditcard';
  return { payment_id: meta.payment_id, method };
}

/** The token of a stored method: Mollie's customer and mandate ("cst_…:mdt_…"). */
export function storedToken(customerId: string, mandateId: string): string {
  return `${customerId}:${mandateId}`;
}

export function parseStoredToken(token: string): { customerId: string; mandateId: string } | null {
  const match = /^(cst_\w+):(mdt_\w+)$/.exec(token);
  return match?.[1] && match[2] ? { customerId: match[1], mandateId: match[2] } : null;
}

const STATUS_EVENT: Readonly<Record<string, PaymentEventType | null>> = {
  open: null,
  pending: 'pending',
  authorized: 'pending',
  paid: 'completed',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'cancelled',
};

interface Details {
  cardLabel?: string | null;
  cardNumber?: string | null;
  consumerAccount?: string | null;
  failureReason?: string | null;
  bankReasonCode?: string | null;
}

/** What the member recognizes a stored method by ('Visa •••• 4242', 'PayPal'). */
function storedLabel(payment: Payment, method: PaymentMethod): string {
  const details = (payment.details ?? {}) as Details;
  if (PAYMENT_METHOD_RULES[method].kind === 'card') {
    const last4 = details.cardNumber?.slice(-4);
    return `${details.cardLabel ?? 'Card'}${last4 ? ` •••• ${last4}` : ''}`;
  }
  return method === 'paypal' ? 'PayPal' : method;
}

function failureReason(payment: Payment): string {
  const details = (payment.details ?? {}) as Details;
  return details.failureReason ?? details.bankReasonCode ?? payment.status;
}

function date(text: string | null | undefined, fallback: Date): Date {
  const parsed = text ? new Date(text) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : fallback;
}

/** The events a Mollie payment's present state stands for (empty for a payment not ours). */
export function paymentEvents(payment: Payment, now: Date): PaymentEvent[] {
  const meta = readMetadata(payment);
  if (!meta) return [];
  const base = { paymentId: meta.payment_id, providerRef: payment.id };
  const raw = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    resource: 'payment',
    id: payment.id,
    status: payment.status,
    amount: payment.amount,
    sequenceType: payment.sequenceType,
    method: payment.method,
    ...extra,
  });
  const events: PaymentEvent[] = [];
  const type = STATUS_EVENT[payment.status] ?? null;
  if (type) {
    const event: PaymentEvent = {
      ...base,
      id: `${payment.id}:${payment.status}`,
      type,
      occurredAt: date(payment.paidAt ?? payment.failedAt ?? payment.canceledAt ?? payment.expiredAt, now),
      raw: raw(),
    };
    if (type === 'failed' || type === 'cancelled') event.reason = failureReason(payment);
    if (
      type === 'completed' &&
      payment.sequenceType === SequenceType.first &&
      payment.customerId &&
      payment.mandateId &&
      PAYMENT_METHOD_RULES[meta.method].storable
    ) {
      event.storedMethod = {
        token: storedToken(payment.customerId, payment.mandateId),
        label: storedLabel(payment, meta.method),
        method: meta.method,
      };
    }
    events.push(event);
  }
  for (const refund of payment._embedded?.refunds ?? []) {
    if (refund.status === RefundStatus.failed || refund.status === RefundStatus.canceled) continue;
    events.push({
      ...base,
      id: `${payment.id}:${refund.id}`,
      type: 'refunded',
      amountMinor: fromMollieAmount(refund.amount),
      occurredAt: date(refund.createdAt, now),
      raw: raw({ refund: { id: refund.id, status: refund.status, amount: refund.amount } }),
    });
  }
  for (const chargeback of payment._embedded?.chargebacks ?? []) {
    if (chargeback.reversedAt) continue;
    const reason = (chargeback.reason as { code?: string } | null | undefined)?.code;
    events.push({
      ...base,
      id: `${payment.id}:${chargeback.id}`,
      type: 'chargeback',
      ...(reason ? { reason } : {}),
      occurredAt: date(chargeback.createdAt, now),
      raw: raw({ chargeback: { id: chargeback.id, amount: chargeback.amount, reason: chargeback.reason } }),
    });
  }
  return events;
}
