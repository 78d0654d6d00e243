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
 * - none (production without a provider): unavailable, as every other payment.
 *
 * A real provider's adapter adds its mandate call here (docs/direct-debit.md 'Provider').
 */
import { randomBytes } from 'node:crypto';
import { ProviderUnavailable, type PaymentProvider } from '#src/server/providers/payments/types.ts';

/** Sandbox test IBANs: the first is collected, the second collected and returned later. */
export const SANDBOX_IBAN = 'NL91ABNA0417164300';
export const SANDBOX_RETURNED_IBAN = 'DE62370400440532013001';

export interface MandateRequest {
  reference: string;
  holder: string;
  /** Electronic format, only for the payment service. */
  iban: string;
  signedAt: Date;
}

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
  return Promise.reject(new ProviderUnavailable(`direct debit mandates are not supported by '${provider.name}'`));
}
