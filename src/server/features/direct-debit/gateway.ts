/**
 * The payment service's side of a direct debit. The payment provider interface
 * (src/server/providers/payments/types.ts) charges stored methods; a signed SEPA mandate is
 * one more kind of stored method, so the debit itself is billing's `chargeStoredMethod`
 * with the mandate's token. What the interface lacks is registering the mandate, which is
 * here, per provider:
 *
 * - sandbox: keeps nothing (the IBAN never leaves this server) and answers a sandbox token,
 *   `sbx_sdd_<random>`, which its chargeStored collects at once. The sandbox's test IBAN
 *   SANDBOX_RETURNED_IBAN is collected too, then returned by the bank
 *   `sandboxDirectDebit(provider).returnDelayMs` later (returns.ts).
 * - a real provider (Mollie): its adapter's `registerMandate` (the IBAN, holder and
 *   reference go to the payment service once; it answers the token its chargeStored collects).
 * - none (production without a provider): unavailable, as every other payment.
 */
import { randomBytes } from 'node:crypto';
import {
  ProviderUnavailable,
  type MandateRequest,
  type PaymentProvider,
} from '#src/server/providers/payments/types.ts';

/** Sandbox test IBANs: the first is collected, the second collected and returned later. */
export const SANDBOX_IBAN = 'NL91ABNA0417164300';
export const SANDBOX_RETURNED_IBAN = 'DE62370400440532013001';

export interface RegisteredMandate {
  /** The payment service's handle of the mandate, charged like a stored method. */
  token: string;
  /** The bank will return the debit (the sandbox's test IBAN). */
  returnsLater: boolean;
}

/** Registers a signed one-time mandate with the payment service. Throws ProviderUnavailable. */
export function registerMandate(provider: PaymentProvider, request: MandateRequest): Promise<RegisteredMandate> {
  if (provider.name === 'sandbox') {
    const returnsLater = request.iban === SANDBOX_RETURNED_IBAN;
    const token = `sbx_sdd_${returnsLater ? 'r' : 'c'}_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
    return Promise.resolve({ token, returnsLater });
  }
  if (provider.registerMandate) {
    // A real bank returns a debit through the provider's chargeback, never on a timer.
    return provider.registerMandate(request).then((token) => ({ token, returnsLater: false }));
  }
  return Promise.reject(new ProviderUnavailable(`direct debit mandates are not supported by '${provider.name}'`));
}
