import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

/**
 * Passkeys (WebAuthn, issue 26, decision 0045) in this browser: whether it has them at all, and what
 * a failed browser prompt meant. The calls themselves (@simplewebauthn/browser's startRegistration
 * and startAuthentication) are made by the features that ask for them.
 */

const unchanging = () => () => undefined;

/**
 * True where the browser can make and use passkeys. A prerendered page (the login page) is drawn
 * as for a browser that can, as nearly all can: its passkey button is there before the app has
 * started (boot.ts holds a click on it and makes it again once the app is live), and hydration
 * matches that markup; the rare browser without WebAuthn then loses the button.
 */
export function useWebAuthnSupported(): boolean {
  return useSyncExternalStore(unchanging, browserSupportsWebAuthn, () => true);
}

/** What a failed passkey prompt says to the person: not the API's refusals, which are ApiErrors. */
export type PasskeyPromptProblem =
  /** They closed or cancelled the prompt, it timed out, or the phone's lock was not confirmed: nothing went wrong. */
  | 'dismissed'
  /** Adding: this authenticator already holds a passkey of this account. */
  | 'alreadyOnDevice'
  /** Anything else the browser or authenticator refused. */
  | 'failed';

/**
 * The browser's refusal of a prompt, read by its DOMException name (@simplewebauthn/browser keeps
 * it on its WebAuthnError); null for anything that is not one (an API error, a network failure).
 */
export function passkeyPromptProblem(error: unknown): PasskeyPromptProblem | null {
  if (!(error instanceof Error) || error.name === 'ApiError') return null;
  // NotAllowedError: the person said no, the prompt timed out, or user verification did not pass;
  // browsers give all of these one name on purpose. AbortError: another prompt replaced this one.
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'dismissed';
  if ('code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'alreadyOnDevice';
  if (error.name === 'InvalidStateError') return 'alreadyOnDevice';
  return 'failed';
}
