import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyAssertion, PasskeyAttestation } from '@poisha/contracts';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for the API tests (the browser tests use Chromium's virtual
 * one): it makes ES256 credentials with "none" attestation and signs assertions, as a phone does
 * (WebAuthn Level 3, §6.1 authenticator data; §6.5 attestation object), with knobs to do it wrong.
 */
export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  /** The account's user handle, base64url, as the registration options named it. */
  userHandle: string;
  signCount: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

export interface CeremonyKnobs {
  /** The owner verified on the device (fingerprint, face, screen lock); true unless a test says otherwise. */
  userVerified?: boolean;
  /** The page the browser says it is on. */
  origin?: string;
  /** The relying party the authenticator scopes the key to. */
  rpId?: string;
  /** A counter that does not move forward (a cloned authenticator). */
  signCount?: number;
  /** A synced passkey (backup eligible and backed up). */
  synced?: boolean;
  /** The credential id to make (one the account has already: the same passkey again). */
  credentialId?: string;
}

export function createSoftAuthenticator(defaults: { origin: string }) {
  const defaultRpId = new URL(defaults.origin).hostname;

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  function flagsOf(knobs: CeremonyKnobs, extra = 0): number {
    return FLAG_USER_PRESENT | (knobs.userVerified === false ? 0 : FLAG_USER_VERIFIED) | (knobs.synced ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0) | extra;
  }

  return {
    /** `navigator.credentials.create` for the server's registration options. */
    create(options: { challenge: string; user: { id: string } }, knobs: CeremonyKnobs = {}): { response: PasskeyAttestation; passkey: SoftPasskey } {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cosePublicKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credentialId = knobs.credentialId ? Buffer.from(knobs.credentialId, 'base64url') : randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(knobs.rpId ?? defaultRpId),
        Buffer.from([flagsOf(knobs, FLAG_ATTESTED_CREDENTIAL)]),
        uint32(0),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        Buffer.from(cosePublicKey),
      ]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
      const id = b64(credentialId);
      return {
        response: {
          id,
          rawId: id,
          type: 'public-key',
          response: {
            clientDataJSON: b64(clientData('webauthn.create', options.challenge, knobs.origin ?? defaults.origin)),
            attestationObject: b64(attestationObject),
            transports: ['internal', 'hybrid'],
          },
          clientExtensionResults: {},
          authenticatorAttachment: 'platform',
        },
        passkey: { id, privateKey, userHandle: options.user.id, signCount: 0 },
      };
    },

    /** `navigator.credentials.get` with this passkey for the server's challenge. */
    get(passkey: SoftPasskey, options: { challenge: string }, knobs: CeremonyKnobs = {}): PasskeyAssertion {
      passkey.signCount = knobs.signCount ?? passkey.signCount + 1;
      const authData = Buffer.concat([sha256(knobs.rpId ?? defaultRpId), Buffer.from([flagsOf(knobs)]), uint32(passkey.signCount)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, knobs.origin ?? defaults.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: passkey.userHandle },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
