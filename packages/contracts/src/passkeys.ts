import { z } from 'zod';
import { currentPasswordSchema } from './fields.js';
import { paymentPinSchema } from './payment-pin.js';
import { authResponseSchema } from './session.js';

/**
 * Passkeys (issue 26, decision 0045): WebAuthn credentials kept by the phone or a security key. A
 * signed-in owner adds one in Settings (with the password and the payment PIN, since a passkey
 * stands in for both); it signs in without a password, and approves a payment in place of the PIN
 * (always with user verification: the phone's fingerprint, face or screen lock).
 */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** An account keeps at most this many passkeys (a phone, a laptop, a security key or two). */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const passkeyMessages = {
  notAccepted: 'This passkey could not be used. Try again, or use your PIN.',
  signInNotAccepted: 'This passkey could not sign you in. Try again, or sign in with your password.',
  alreadyAdded: 'This passkey is already added to your account.',
  tooMany: `You have ${MAX_PASSKEYS} passkeys. Remove one before adding another.`,
  approvalRequired: 'Enter your 5-digit PIN',
  oneApproval: 'Approve with your PIN or with a passkey, not both',
  nameTooLong: `A passkey's name is at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
} as const;

/** base64url, as WebAuthn's JSON encodes every binary field; bounded so nothing large is parsed. */
const base64url = (maxLength: number) => z.string().max(maxLength).regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');

const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** What `navigator.credentials.get` answered, as @simplewebauthn/browser hands it over. */
export const passkeyAssertionSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    // An ML-DSA-44 signature (offered first by SimpleWebAuthn where the runtime has post-quantum
    // Web Crypto, as Node 24 does, and chosen by Chromium's authenticator) is 2,420 bytes: 3,227 characters.
    signature: base64url(4096),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** What `navigator.credentials.create` answered. */
export const passkeyAttestationSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(transportSchema).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(2048).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

/**
 * The options to hand to the browser (`startRegistration` / `startAuthentication`), as WebAuthn's
 * JSON form: a fresh challenge the server keeps for PASSKEY_CHALLENGE_SECONDS, used once.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** Settings, first step: the password and the payment PIN (a passkey replaces both). */
export const passkeyRegistrationOptionsRequestSchema = z.object({ currentPassword: currentPasswordSchema, pin: paymentPinSchema });
export type PasskeyRegistrationOptionsRequest = z.input<typeof passkeyRegistrationOptionsRequestSchema>;

const passkeyNameSchema = z.string().trim().max(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong);

/** Settings, second step: what the browser made; a name to know it by (the browser and device when empty). */
export const passkeyRegistrationRequestSchema = z.object({ response: passkeyAttestationSchema, name: passkeyNameSchema.optional() });
export type PasskeyRegistrationRequest = z.input<typeof passkeyRegistrationRequestSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Kept in a synced store (Google Password Manager, iCloud Keychain): it survives losing the phone. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** Signing in with a passkey: the browser's assertion for the challenge from the options. */
export const passkeySignInRequestSchema = z.object({ response: passkeyAssertionSchema });
export type PasskeySignInRequest = z.input<typeof passkeySignInRequestSchema>;
/** A passkey sign-in is complete (the passkey is possession and the phone's lock): no second step. */
export const passkeySignInAnswerSchema = authResponseSchema;

/**
 * How a payment is approved: the 5-digit PIN, or a passkey's assertion for a payment challenge
 * (`POST /passkeys/payment-options`). Exactly one. Neither is stored with the idempotency key.
 */
export const paymentApprovalFields = { pin: paymentPinSchema.optional(), passkey: passkeyAssertionSchema.optional() };

/** The object check every payment body adds: one approval, named under `pin` when missing. */
export function requireOnePaymentApproval(body: { pin?: string | undefined; passkey?: unknown }, context: z.RefinementCtx): void {
  if (body.pin === undefined && body.passkey === undefined) context.addIssue({ code: 'custom', path: ['pin'], message: passkeyMessages.approvalRequired });
  if (body.pin !== undefined && body.passkey !== undefined) context.addIssue({ code: 'custom', path: ['pin'], message: passkeyMessages.oneApproval });
}

/** A payment whose other details are in the path (paying a request): the approval alone. */
export const paymentApprovalSchema = z.object(paymentApprovalFields).superRefine(requireOnePaymentApproval);
export type PaymentApproval = z.input<typeof paymentApprovalSchema>;

export const passkeyParamsSchema = z.object({ id: base64url(1400).min(1) });
