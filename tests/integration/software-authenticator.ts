/**
 * A software WebAuthn authenticator for the passkey tests: a real P-256 key pair (node:crypto)
 * that answers creation options with a 'none' attestation and request options with an ES256
 * signature over authenticatorData ‖ SHA-256(clientDataJSON), as a browser and a platform
 * authenticator would. Each answer can be bent one way (another origin, another RP ID, another
 * key's signature, a counter that does not grow) so the tests see the server refuse it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyCredential } from '#src/contract/staff.ts';

// ---------------------------------------------------------------- a minimal CBOR encoder (RFC 8949)

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------- the authenticator

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string): string => Buffer.from(data).toString('base64url');

/** Flags of authenticatorData: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface AnswerOptions {
  /** The page's origin the client data reports. */
  origin: string;
  /** The RP ID whose hash the authenticator data carries (default: the options' rpId / rp.id). */
  rpId?: string;
  /** Sign with another key (a forged answer). */
  wrongKey?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Another challenge than the options' (default: theirs). */
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as a COSE_Key (EC2, ES256, P-256). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private counterBytes(counter: number): Buffer {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(counter);
    return out;
  }

  /** navigator.credentials.create() for creation options (a 'none' attestation). */
  register(options: Record<string, unknown>, answer: AnswerOptions): PasskeyCredential {
    const rp = options['rp'] as { id: string };
    const challenge = answer.challenge ?? (options['challenge'] as string);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(answer.rpId ?? rp.id),
      Buffer.from([UP | UV | AT]),
      this.counterBytes(this.counter),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge, answer.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() for request options: an ES256 assertion. */
  assert(options: Record<string, unknown>, answer: AnswerOptions): PasskeyCredential {
    const challenge = answer.challenge ?? (options['challenge'] as string);
    const counter = answer.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authData = Buffer.concat([
      sha256(answer.rpId ?? (options['rpId'] as string)),
      Buffer.from([UP | UV]),
      this.counterBytes(counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', challenge, answer.origin);
    const key = answer.wrongKey ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : this.privateKey;
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
