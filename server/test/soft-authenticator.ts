// A software WebAuthn authenticator for the server tests: an ES256 (P-256) key, 'none' attestation, and the bytes a
// browser and authenticator would send (clientDataJSON, CBOR attestationObject, authenticatorData, DER signature).
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The CBOR subset WebAuthn uses: integers, text and byte strings, arrays and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value);
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([
    cborHead(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type Where = { origin: string; rpId: string };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The user handle the last registration gave this credential. */
  userHandle: string | undefined;
  counter = 0;

  get id() {
    return this.credentialId.toString('base64url');
  }

  private coseKey(): Buffer {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create() answered, as RegistrationResponseJSON. */
  register(options: { challenge: string; user: { id: string } }, where: Where) {
    this.userHandle = options.user.id;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: where.origin }),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authenticatorData(where.rpId, FLAG_UP | FLAG_UV | FLAG_AT, this.counter, attested);
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
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /**
   * navigator.credentials.get() answered, as AuthenticationResponseJSON: the counter goes up by one unless given,
   * another key can sign it, and the user may be left unverified.
   */
  authenticate(
    options: { challenge: string },
    where: Where,
    {
      counter = this.counter + 1,
      signWith,
      userVerified = true,
    }: { counter?: number; signWith?: KeyObject; userVerified?: boolean } = {},
  ) {
    this.counter = counter;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: where.origin }),
    );
    // Without UV the authenticator saw someone present, not the account's owner (no PIN, no biometric).
    const authData = this.authenticatorData(where.rpId, FLAG_UP | (userVerified ? FLAG_UV : 0), counter);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      signWith ?? this.key.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}

/** A private key no credential was registered with. */
export const strangerKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
