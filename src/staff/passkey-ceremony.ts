/**
 * The browser's side of passkeys (docs/staff.md "Passkeys"), through @simplewebauthn/browser:
 * the server's options in, the credential's JSON out, ready for the contract's
 * `passkeyCredential`. Loaded only when a passkey is used.
 */
import * as z from 'zod/mini';
import { passkeyCredential, type PasskeyCredential, type WebauthnOptions } from '#src/contract/staff.ts';

type Browser = typeof import('@simplewebauthn/browser');
type CreationOptions = Parameters<Browser['startRegistration']>[0]['optionsJSON'];

const browser = (): Promise<Browser> => import('@simplewebauthn/browser');

/** The dialog closed, timed out or failed in the browser (WebAuthnError or a DOMException). */
export function isPasskeyCeremonyError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'WebAuthnError' || error instanceof DOMException);
}

/** navigator.credentials.get() for the server's request options. */
export async function passkeyAssertion(options: WebauthnOptions): Promise<PasskeyCredential> {
  const { startAuthentication } = await browser();
  return z.parse(passkeyCredential, await startAuthentication({ optionsJSON: options }));
}

/** navigator.credentials.create() for the server's creation options. */
export async function passkeyRegistration(options: WebauthnOptions): Promise<PasskeyCredential> {
  const { startRegistration } = await browser();
  return z.parse(passkeyCredential, await startRegistration({ optionsJSON: options as unknown as CreationOptions }));
}
