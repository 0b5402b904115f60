import { z } from 'zod';
import { currentPasswordSchema } from './fields.js';
import { typedCode } from './money.js';
import { authResponseSchema } from './session.js';

/**
 * Two-step sign-in (issue 26, decision 0044): optional, a code from an authenticator app (TOTP,
 * RFC 6238: 6 digits, 30 seconds, SHA-1, as every authenticator app reads it) asked at sign-in
 * after the password, or one of 10 one-time recovery codes.
 */
export const TWO_STEP_CODE_LENGTH = 6;
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in waits this long for its second step. */
export const TWO_STEP_CHALLENGE_SECONDS = 5 * 60;
/** Codes a sign-in may try before it must start again with the password. */
export const TWO_STEP_CHALLENGE_ATTEMPTS = 5;

export const twoStepMessages = {
  codeRequired: 'Enter the code from your authenticator app',
  codeFormat: 'Enter the 6 digits from your authenticator app, or a recovery code',
  setupCodeFormat: 'Enter the 6 digits your authenticator app shows',
  wrongCode: 'This code is not right. Check the time on your phone and try again.',
  challengeOver: 'This sign-in has expired. Sign in again with your password.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  noSetup: 'Start again: scan a new QR code.',
} as const;

/** A recovery code as shown: 10 letters and digits in two groups (`K7QX-M2RA-9P`). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}$/;

/**
 * What a person types in the second step: 6 digits from the app (Bangla digits read as Latin,
 * spaces dropped) or a recovery code (any case, with or without its dashes).
 */
export const twoStepCodeSchema = typedCode({
  required: twoStepMessages.codeRequired,
  format: twoStepMessages.codeFormat,
  pattern: /^(\d{6}|[A-Z2-9]{10})$/,
  drop: /[\s-]+/g,
  upperCase: true,
});

/** Only the app's 6 digits: enrolling proves the app has the secret. */
export const appCodeSchema = typedCode({ required: twoStepMessages.codeRequired, format: twoStepMessages.setupCodeFormat, pattern: /^\d{6}$/ });

/** Password right, and the account has two-step sign-in: the sign-in waits for a code. */
export const twoStepChallengeSchema = z.object({
  twoStepRequired: z.literal(true),
  /** Sent back with the code; single use, TWO_STEP_CHALLENGE_SECONDS. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

/** A sign-in (password or mailed code) answers the session, or the second step it waits for. */
export const signInAnswerSchema = z.union([authResponseSchema, twoStepChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const twoStepSignInRequestSchema = z.object({ challenge: z.string().min(1).max(200), code: twoStepCodeSchema });
export type TwoStepSignInRequest = z.input<typeof twoStepSignInRequestSchema>;

export const twoStepStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** Settings: turning it on starts with the password (a stolen session cannot add a factor of its own). */
export const twoStepSetupRequestSchema = z.object({ currentPassword: currentPasswordSchema });
export type TwoStepSetupRequest = z.input<typeof twoStepSetupRequestSchema>;

/** The secret to put into the app: as a QR code (SVG), as an otpauth:// link, and as text to type. */
export const twoStepSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const twoStepEnableRequestSchema = z.object({ code: appCodeSchema });
export type TwoStepEnableRequest = z.input<typeof twoStepEnableRequestSchema>;

/** Shown once, when two-step sign-in is turned on: each works once instead of the app's code. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning it off, or new recovery codes: the password and a code (the app's or a recovery code) confirm it. */
export const twoStepConfirmRequestSchema = z.object({ currentPassword: currentPasswordSchema, code: twoStepCodeSchema });
export type TwoStepConfirmRequest = z.input<typeof twoStepConfirmRequestSchema>;
