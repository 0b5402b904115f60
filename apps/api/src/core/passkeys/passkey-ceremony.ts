import { errorCodes, passkeyMessages, PASSKEY_CHALLENGE_SECONDS, type PasskeyAssertion } from '@poisha/contracts';
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticatorTransport } from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { PasskeyPurpose, Queryable } from '../../db/schema.js';
import { AppError } from '../errors.js';
import { hashToken } from '../session/tokens.js';
import { findPasskey, findPasskeyChallenge, insertPasskeyChallenge, type PasskeyRow } from './passkeys.repository.js';

/** The relying party: passkeys are bound to this site's host name and made and used only on its origin. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** PASSKEY_ORIGIN (or PUBLIC_URL): the host name is the relying party's id. */
export const relyingPartyOf = (origin: string): RelyingParty => ({ id: new URL(origin).hostname, name: 'Poisha', origin });

export const transportsOf = (passkey: PasskeyRow): AuthenticatorTransport[] | undefined =>
  passkey.transports === null ? undefined : (JSON.parse(passkey.transports) as AuthenticatorTransport[]);

/** The challenge a browser signed, read from its client data (unverified: the verification compares it). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/** Keeps a challenge the server made, by its hash, for PASSKEY_CHALLENGE_SECONDS. */
export async function rememberChallenge(db: Queryable, challenge: string, purpose: PasskeyPurpose, userId: string | null, nowMs: number): Promise<void> {
  await insertPasskeyChallenge(db, { challengeHash: hashToken(challenge), purpose, userId, nowMs, expiresAtMs: nowMs + PASSKEY_CHALLENGE_SECONDS * 1000 });
}

/** Options for `navigator.credentials.get`: every passkey of `passkeys` (none named: the browser offers the account's own). */
export async function assertionOptions(db: Queryable, rp: RelyingParty, purpose: 'sign_in' | 'payment', userId: string | null, passkeys: PasskeyRow[], nowMs: number) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey) })),
  });
  await rememberChallenge(db, options.challenge, purpose, userId, nowMs);
  // As a plain object: the contract's loose options schema reads any field of it.
  return { ...options };
}

/** A passkey assertion that checked out: whose, which challenge it used, the authenticator's new counter. */
export interface VerifiedAssertion {
  passkey: PasskeyRow;
  challengeHash: string;
  newSignCount: number;
}

export interface AssertionCheck {
  assertion: PasskeyAssertion;
  purpose: 'sign_in' | 'payment';
  /** The signed-in owner a payment's passkey must belong to; null at sign-in. */
  userId: string | null;
  nowMs: number;
  /** A payment retried with its Idempotency-Key may show the challenge it already used. */
  usedFor?: string;
}

/**
 * Verifies a passkey's answer to one of this server's challenges: a live challenge made for this
 * purpose (and this account), a passkey the server knows (of this account), the signature over
 * this site's origin, the user verified on the device (fingerprint, face, screen lock), and a
 * counter that did not go back. CPU only, no transaction: the caller then uses the challenge up
 * (`useChallenge`) in the transaction of what it approves. Answers null when anything is wrong;
 * why is not told (a probe learns nothing about which passkeys exist).
 */
export async function verifyAssertion(db: Queryable, rp: RelyingParty, check: AssertionCheck): Promise<VerifiedAssertion | null> {
  const { assertion, purpose, userId, nowMs } = check;
  const challenge = challengeOf(assertion.response.clientDataJSON);
  if (challenge === null) return null;
  const challengeHash = hashToken(challenge);
  const [stored, passkey] = await Promise.all([findPasskeyChallenge(db, challengeHash), findPasskey(db, assertion.id)]);
  if (!stored || stored.purpose !== purpose || stored.user_id !== userId) return null;
  // A retry of the payment that used the challenge shows the same answer again: its counter is not new.
  const retry = stored.used_at !== null && check.usedFor !== undefined && stored.used_for === check.usedFor;
  if (!retry && (stored.used_at !== null || Date.parse(stored.expires_at) <= nowMs)) return null;
  if (!passkey || (userId !== null && passkey.user_id !== userId)) return null;
  try {
    const verification = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: passkey.id, publicKey: Buffer.from(passkey.public_key, 'base64url'), counter: retry ? 0 : Number(passkey.sign_count), transports: transportsOf(passkey) },
    });
    if (!verification.verified) return null;
    return { passkey, challengeHash, newSignCount: verification.authenticationInfo.newCounter };
  } catch {
    // SimpleWebAuthn throws for every malformed or mismatched answer (origin, type, flags, counter, signature).
    return null;
  }
}

export const passkeyNotAccepted = (field = 'pin') => new AppError(errorCodes.passkeyNotAccepted, passkeyMessages.notAccepted, { [field]: passkeyMessages.notAccepted });
