import {
  authResponseSchema,
  passkeyOptionsSchema,
  passkeySignInRequestSchema,
  loginRequestSchema,
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_REQUESTED_MESSAGE,
  sessionResponseSchema,
  SIGN_IN_CODE_SENT_MESSAGE,
  signInCodeRequestSchema,
  signInAnswerSchema,
  signInWithCodeSchema,
  signupRequestSchema,
  twoStepSignInRequestSchema,
  type TwoStepChallenge,
  verifyEmailRequestSchema,
} from '@poisha/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import type { AuthService, SignedIn } from './auth.service.js';
import { auditContext } from '../../core/session/request-context.js';
import { clearSessionCookies, requireAuth, setSessionCookies, signedInUser } from '../../core/session/session-auth.js';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The cookie that marks a browser which signed in to an account before: login failures from
 * elsewhere do not lock it out (decision 0011). `__Host-` behind HTTPS.
 */
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-poisha_device' : 'poisha_device');

function setDeviceCookie(reply: FastifyReply, token: string) {
  const { secure } = reply.server.sessionCookies;
  void reply.setCookie(deviceCookieName(secure), token, { path: '/', sameSite: 'lax', secure, httpOnly: true, maxAge: YEAR_S });
}

/** Every way in (sign-up, login, a mailed code) answers alike: the session and device cookies, the user and bearer token. */
function signedInAnswer(reply: FastifyReply, signedIn: SignedIn) {
  setSessionCookies(reply, signedIn.token, signedIn.csrfToken);
  setDeviceCookie(reply, signedIn.deviceToken);
  return { user: signedIn.user, token: signedIn.token };
}

/** A sign-in that waits for its second step sets no cookie: there is no session yet (decision 0044). */
const signInAnswer = (reply: FastifyReply, answer: SignedIn | TwoStepChallenge) => ('twoStepRequired' in answer ? answer : signedInAnswer(reply, answer));

const deviceTokenOf = (request: FastifyRequest) => request.cookies[deviceCookieName(request.server.sessionCookies.secure)] ?? null;

export interface AuthRoutesOptions {
  auth: AuthService;
  clock: Clock;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, clock }) => {
  const route = declareRoutes(app, 'auth');

  route.post('/auth/signup', 'Create an account and its USD wallet, and sign in; a code goes by SMS to the phone number, which receives money once proven with it', {
    body: signupRequestSchema, answer: [201, authResponseSchema], errors: [400, 409, 413, 415, 429], config: { public: true },
    handler: async (request, reply) => {
      const signedIn = await auth.signup(request.body, auditContext(request, clock()));
      return signedInAnswer(reply, signedIn);
    },
  });

  route.post('/auth/login', 'Sign in with e-mail and password; an account with two-step sign-in answers a challenge for POST /auth/login/two-step instead of a session', {
    body: loginRequestSchema, answer: [200, signInAnswerSchema], errors: [400, 401, 403, 429], config: { public: true },
    handler: async (request, reply) => {
      const answer = await auth.login(request.body, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signInAnswer(reply, answer);
    },
  });

  route.post('/auth/login/two-step', "The second step of a sign-in: the challenge and a code from the authenticator app or a recovery code (5 tries, 5 minutes; a code works once)", {
    body: twoStepSignInRequestSchema, answer: [200, authResponseSchema], errors: [400, 401, 403, 429], config: { public: true },
    handler: async (request, reply) => {
      const signedIn = await auth.completeTwoStep(request.body, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signedInAnswer(reply, signedIn);
    },
  });

  route.post('/auth/passkey/options', 'Start a sign-in with a passkey: the options for navigator.credentials.get (no account named: the passkey the person picks names it), good for 5 minutes, once', {
    answer: [200, passkeyOptionsSchema], errors: [429], config: { public: true },
    handler: async (request) => auth.passkeySignInOptions(auditContext(request, clock())),
  });

  route.post('/auth/passkey', "Sign in with a passkey's answer to the sign-in options (verified on the device: no password, and no second step)", {
    body: passkeySignInRequestSchema, answer: [200, authResponseSchema], errors: [400, 401, 403, 429], config: { public: true },
    handler: async (request, reply) => {
      const signedIn = await auth.signInWithPasskey(request.body.response, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signedInAnswer(reply, signedIn);
    },
  });

  route.post('/auth/sign-in-code', 'E-mail a one-time sign-in code (10 minutes, single use), the way in while failed logins hold the account; the answer is the same for every address', {
    body: signInCodeRequestSchema, answer: [202, z.object({ message: z.string() })], errors: [400, 429], config: { public: true },
    handler: async (request) => {
      await auth.requestSignInCode(request.body.email, auditContext(request, clock()));
      return { message: SIGN_IN_CODE_SENT_MESSAGE };
    },
  });

  route.post('/auth/sign-in-code/verify', 'Sign in with the mailed one-time code, also while failed logins hold the account (then the second step, if the account has it)', {
    body: signInWithCodeSchema, answer: [200, signInAnswerSchema], errors: [400, 401, 403, 429], config: { public: true },
    handler: async (request, reply) => {
      const answer = await auth.signInWithCode(request.body, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signInAnswer(reply, answer);
    },
  });

  route.post('/auth/logout', 'End the current session (cookie or bearer token)', {
    // Works with or without a session: signing out twice is not an error.
    answer: [204, z.null()], errors: [403], config: { public: true },
    handler: async (request, reply) => {
      if (request.auth) await auth.logout(requireAuth(request), auditContext(request, clock()));
      clearSessionCookies(reply);
    },
  });

  route.get('/auth/session', 'The signed-in user and when the session ends; also counts as activity', {
    answer: [200, sessionResponseSchema], errors: [401], config: { signedInUser: true },
    handler: async (request) => auth.currentSession(requireAuth(request), signedInUser(request)),
  });

  route.post('/auth/password-reset', 'E-mail a password reset link; the answer is the same for every address', {
    body: passwordResetRequestSchema, answer: [202, z.object({ message: z.string() })], errors: [400, 429], config: { public: true },
    handler: async (request) => {
      await auth.requestPasswordReset(request.body.email, auditContext(request, clock()));
      return { message: RESET_REQUESTED_MESSAGE };
    },
  });

  route.post('/auth/password-reset/check', 'Whether a reset link still works (unused, not expired), without using it; asked when the reset page opens', {
    body: passwordResetCheckSchema, answer: [204, z.null()], errors: [400, 429], config: { public: true },
    handler: async (request) => {
      await auth.checkPasswordReset(request.body.token, auditContext(request, clock()));
    },
  });

  route.post('/auth/password-reset/confirm', 'Set a new password with the token from the reset link; ends every session', {
    body: passwordResetConfirmSchema, answer: [204, z.null()], errors: [400], config: { public: true },
    handler: async (request) => {
      await auth.confirmPasswordReset(request.body.token, request.body.password, auditContext(request, clock()));
    },
  });

  route.post('/auth/verify-email', 'Verify the e-mail address with the token from the link mailed at sign-up; credits the welcome bonus once', {
    body: verifyEmailRequestSchema, answer: [204, z.null()], errors: [400], config: { public: true },
    handler: async (request) => {
      await auth.verifyEmail(request.body.token, auditContext(request, clock()));
    },
  });

  route.post('/auth/verify-email/resend', "Mail a new verification link to the signed-in user's address (nothing once it is verified)", {
    answer: [202, z.null()], errors: [401, 403, 429],
    handler: async (request) => {
      await auth.resendVerification(requireAuth(request), auditContext(request, clock()));
    },
  });
};
