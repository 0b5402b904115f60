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
import { errorResponses } from '../../http/openapi.js';
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
  app.post(
    '/auth/signup',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and its USD wallet, and sign in; a code goes by SMS to the phone number, which receives money once proven with it',
        body: signupRequestSchema,
        response: { 201: authResponseSchema, ...errorResponses(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.signup(request.body, auditContext(request, clock()));
      return reply.status(201).send(signedInAnswer(reply, signedIn));
    },
  );

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; an account with two-step sign-in answers a challenge for POST /auth/login/two-step instead of a session',
        body: loginRequestSchema,
        response: { 200: signInAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const answer = await auth.login(request.body, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signInAnswer(reply, answer);
    },
  );

  app.post(
    '/auth/login/two-step',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "The second step of a sign-in: the challenge and a code from the authenticator app or a recovery code (5 tries, 5 minutes; a code works once)",
        body: twoStepSignInRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.completeTwoStep(request.body, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signedInAnswer(reply, signedIn);
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Start a sign-in with a passkey: the options for navigator.credentials.get (no account named: the passkey the person picks names it), good for 5 minutes, once',
        response: { 200: passkeyOptionsSchema, ...errorResponses(429) },
      },
    },
    async (request) => auth.passkeySignInOptions(auditContext(request, clock())),
  );

  app.post(
    '/auth/passkey',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "Sign in with a passkey's answer to the sign-in options (verified on the device: no password, and no second step)",
        body: passkeySignInRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.signInWithPasskey(request.body.response, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signedInAnswer(reply, signedIn);
    },
  );

  app.post(
    '/auth/sign-in-code',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a one-time sign-in code (10 minutes, single use), the way in while failed logins hold the account; the answer is the same for every address',
        body: signInCodeRequestSchema,
        response: { 202: z.object({ message: z.string() }), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.requestSignInCode(request.body.email, auditContext(request, clock()));
      return reply.status(202).send({ message: SIGN_IN_CODE_SENT_MESSAGE });
    },
  );

  app.post(
    '/auth/sign-in-code/verify',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the mailed one-time code, also while failed logins hold the account (then the second step, if the account has it)',
        body: signInWithCodeSchema,
        response: { 200: signInAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const answer = await auth.signInWithCode(request.body, auditContext(request, clock()), request.auth?.sessionId ?? null, deviceTokenOf(request));
      return signInAnswer(reply, answer);
    },
  );

  app.post(
    '/auth/logout',
    {
      // Works with or without a session: signing out twice is not an error.
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'End the current session (cookie or bearer token)',
        response: { 204: z.null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      if (request.auth) await auth.logout(requireAuth(request), auditContext(request, clock()));
      clearSessionCookies(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and when the session ends; also counts as activity',
        response: { 200: sessionResponseSchema, ...errorResponses(401) },
      },
      config: { signedInUser: true },
    },
    async (request) => auth.currentSession(requireAuth(request), signedInUser(request)),
  );

  app.post(
    '/auth/password-reset',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link; the answer is the same for every address',
        body: passwordResetRequestSchema,
        response: { 202: z.object({ message: z.string() }), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, auditContext(request, clock()));
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/auth/password-reset/check',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link still works (unused, not expired), without using it; asked when the reset page opens',
        body: passwordResetCheckSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.checkPasswordReset(request.body.token, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset link; ends every session',
        body: passwordResetConfirmSchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await auth.confirmPasswordReset(request.body.token, request.body.password, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Verify the e-mail address with the token from the link mailed at sign-up; credits the welcome bonus once',
        body: verifyEmailRequestSchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await auth.verifyEmail(request.body.token, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: "Mail a new verification link to the signed-in user's address (nothing once it is verified)",
        response: { 202: z.null(), ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      await auth.resendVerification(requireAuth(request), auditContext(request, clock()));
      return reply.status(202).send(null);
    },
  );
};
