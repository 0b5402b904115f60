import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { cookieNames } from '@poisha/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { formatInternational } from '@poisha/contracts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import { isDatabaseUnavailable } from './db/errors.js';
import { systemClock, type Clock } from './core/clock.js';
import { registerControlCharacterRule } from './http/control-characters.js';
import { clientErrorHandler, frameworkErrors, refuseRequestsWhileClosing, registerErrorHandling } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { API_CONVENTIONS, openApiTransform, openApiTransformObject, SECURITY_SCHEMES } from './http/openapi.js';
import { delayPostRequests } from './http/test-delay.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createSmsGateway, type SmsGateway } from './sms/sms-gateway.js';
import { protectRoutes, sessionAuth } from './core/session/session-auth.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { phoneProofRoutes } from './features/auth/phone-proof.routes.js';
import { createPaymentPinGuard } from './core/payment-pin/payment-approval.js';
import { createPaymentPinService } from './features/payment-pin/payment-pin.service.js';
import { paymentPinRoutes } from './features/payment-pin/payment-pin.routes.js';
import { createTwoStepService } from './features/auth/two-step.service.js';
import { twoStepRoutes } from './features/auth/two-step.routes.js';
import { relyingPartyOf } from './core/passkeys/passkey-ceremony.js';
import { passkeysRoutes } from './features/passkeys/passkeys.routes.js';
import { createPasskeysService } from './features/passkeys/passkeys.service.js';
import { createPhoneProofService } from './features/auth/phone-proof.service.js';
import { startHousekeeping } from './features/auth/housekeeping.js';
import { bankAccountsRoutes } from './features/bank-accounts/bank-accounts.routes.js';
import { createBankAccountsService } from './features/bank-accounts/bank-accounts.service.js';
import { banksRoutes } from './features/banks/banks.routes.js';
import { createBanksService } from './features/banks/banks.service.js';
import { contactRoutes } from './features/contact/contact.routes.js';
import { createContactService } from './features/contact/contact.service.js';
import { depositsRoutes } from './features/deposits/deposits.routes.js';
import { createDepositsService } from './features/deposits/deposits.service.js';
import { createPaypalService } from './features/deposits/paypal.service.js';
import { sandboxBankConnector } from './features/deposits/providers/bank-connector.js';
import { createSandboxCardProvider } from './features/deposits/providers/sandbox-card-provider.js';
import { favouritesRoutes } from './features/favourites/favourites.routes.js';
import { createFavouritesService } from './features/favourites/favourites.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createHealthService } from './features/health/health.service.js';
import { createReadiness, refuseRequestsWhileStarting, type Readiness } from './features/health/readiness.js';
import { loanRoutes } from './features/loan/loan.routes.js';
import { createLoanService } from './features/loan/loan.service.js';
import { meRoutes } from './features/me/me.routes.js';
import { moneyRequestsRoutes } from './features/money-requests/money-requests.routes.js';
import { createMoneyRequestsService } from './features/money-requests/money-requests.service.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { createNotificationsService } from './features/notifications/notifications.service.js';
import { photoRoutes } from './features/profile/photo.routes.js';
import { createPhotoStore } from './features/profile/photo-store.js';
import { profileRoutes } from './features/profile/profile.routes.js';
import { createProfileService } from './features/profile/profile.service.js';
import { sessionsRoutes } from './features/sessions/sessions.routes.js';
import { createSessionsService } from './features/sessions/sessions.service.js';
import { ratesRoutes } from './features/rates/rates.routes.js';
import { receiptsRoutes } from './features/receipts/receipts.routes.js';
import { createReceiptsService } from './features/receipts/receipts.service.js';
import { reviewsRoutes } from './features/reviews/reviews.routes.js';
import { createReviewsService } from './features/reviews/reviews.service.js';
import { startMonthlyStatements } from './features/statement/monthly-statements.job.js';
import { startJournalSealer } from './core/ledger/journal-sealer.job.js';
import { sealKeysOf } from './core/ledger/journal-seals.js';
import { statementRoutes } from './features/statement/statement.routes.js';
import { createStatementService } from './features/statement/statement.service.js';
import { supportTicketsRoutes } from './features/support-tickets/support-tickets.routes.js';
import { createSupportTicketsService } from './features/support-tickets/support-tickets.service.js';
import { transfersRoutes } from './features/transfers/transfers.routes.js';
import { createTransfersService } from './features/transfers/transfers.service.js';
import { verifyRoutes } from './features/verify/verify.routes.js';
import { createVerifyService } from './features/verify/verify.service.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { apiCacheControl } from './http/cache-policy.js';
import { createCurrentWebBuild, hasWebBuild } from './web/current-build.js';
import { EARLY_SUBMIT_SCRIPT_HASH } from './web/early-submit.js';
import { registerWebApp } from './web/static-web.js';
import { registerMetrics } from './core/metrics/metrics.js';

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  /** Where SMS go; by default what the settings say (SMS_GATEWAY_URL, or files under DATA_DIR/sms). */
  sms?: SmsGateway;
  logStream?: DestinationStream;
  /** The server starts it `starting` and marks it ready after the migrations; elsewhere it is ready. */
  readiness?: Readiness;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** JSON bodies are small forms; uploads get their own limit where they are accepted. */
const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * A whole request (headers and body) must arrive within a minute, and a connection that sends
 * nothing for a minute is closed: a body sent one byte at a time cannot hold a connection forever.
 * Node checks the request timeout every 30 seconds, so a slow request ends within 90.
 */
const REQUEST_TIMEOUT_MS = 60_000;
const CONNECTION_TIMEOUT_MS = 60_000;

/** Browser features no page of the app uses, switched off for it and anything it embeds. */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Builds the whole application: plugins in a fixed order, one error handler, every feature's routes. */
export async function buildApp({ config, db, clock = systemClock, mailer, sms, logStream, readiness = createReadiness() }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config.LOG_LEVEL, logStream),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY,
    // Errors met before a route runs get the API's answers too.
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  });
  // The API speaks JSON only. Without the text parser, a cross-site form post (text/plain or
  // urlencoded) gets 415 before it reaches any route.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A database that is away for the moment (restarting, its connections cut, its disk full) is a 503.
  registerErrorHandling(app, isDatabaseUnavailable);
  // An idle connection the database ended (a restart, an operator's pg_terminate_backend): the pool
  // drops it and opens another when needed; said in the log.
  db.pool?.on('error', (error) => app.log.warn({ err: error }, 'database connection lost while idle'));
  registerControlCharacterRule(app);
  refuseRequestsWhileClosing(app);
  refuseRequestsWhileStarting(app, readiness);
  if (config.TEST_REQUEST_DELAY_MS > 0) delayPostRequests(app, config.TEST_REQUEST_DELAY_MS);

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    // One policy for every API answer (http/cache-policy.ts): routes do not set their own.
    if (request.url.startsWith('/api/')) void reply.header('cache-control', apiCacheControl(request.method, request.routeOptions.url, reply.statusCode));
  });

  // The pages' one inline script, by its hash: it holds a form's submit until the app is live.
  registerSecurityHeaders(app, { secureCookies: config.secureCookies, inlineScriptHashes: [EARLY_SUBMIT_SCRIPT_HASH] });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Poisha API', version: '1.0.0', description: API_CONVENTIONS },
      components: { securitySchemes: SECURITY_SCHEMES(cookieNames(config.secureCookies).session) },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const mailService = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: app.log });
  const smsGateway = sms ?? createSmsGateway({ gatewayUrl: config.SMS_GATEWAY_URL, gatewayKey: config.SMS_GATEWAY_KEY, dataDir: config.DATA_DIR, log: app.log });
  const services = createServices({ config, db, mailer: mailService, sms: smsGateway, log: app.log });
  app.decorate('services', services);
  const helpLine = { phone: config.HELP_LINE_PHONE, display: formatInternational(config.HELP_LINE_PHONE) };

  app.decorate('metrics', registerMetrics(app, { db, clock, token: config.METRICS_TOKEN }));
  await app.register(sessionAuth, { db: db.kysely, clock, cookies: { secure: config.secureCookies } });
  const webDist = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDist;
  const production = config.NODE_ENV === 'production';
  const web = createCurrentWebBuild(webDist, { expected: production || config.WEB_DIST_DIR !== undefined || hasWebBuild(webDist) });
  await app.register(healthRoutes, { prefix: '/api', health: createHealthService({ db: db.kysely, readiness, web }) });
  await app.register(
    async (v1) => {
      // Signed-in only, unless a route says `config: { public: true }`.
      protectRoutes(v1);
      const movements = db.movementTransaction;
      await v1.register(authRoutes, { auth: services.auth, clock });
      await v1.register(phoneProofRoutes, { phoneProof: services.phoneProof, clock });
      await v1.register(twoStepRoutes, { twoStep: services.twoStep, clock });
      await v1.register(passkeysRoutes, { passkeys: services.passkeys, clock });
      await v1.register(meRoutes);
      await v1.register(profileRoutes, { profile: services.profile, photos: services.photos, clock });
      await v1.register(photoRoutes, { profile: services.profile, photos: services.photos, clock });
      await v1.register(sessionsRoutes, { sessions: services.sessions, clock });
      await v1.register(supportTicketsRoutes, { tickets: services.tickets, clock, helpLine });
      await v1.register(ratesRoutes, { bdtToUsd: config.RATE_BDT_USD });
      await v1.register(loanRoutes, { loans: services.loans, clock });
      await v1.register(banksRoutes, { banks: services.banks });
      await v1.register(paymentPinRoutes, { paymentPin: services.paymentPin, clock });
      await v1.register(transfersRoutes, { transfers: services.transfers, movements, paymentPins: services.paymentPins, clock });
      await v1.register(depositsRoutes, { deposits: services.deposits, paypal: services.paypal, cardProvider: services.cardProvider, movements, clock });
      await v1.register(statementRoutes, { statement: services.statement, clock });
      await v1.register(receiptsRoutes, { receipts: services.receipts, clock });
      await v1.register(verifyRoutes, { verify: services.verify, clock });
      await v1.register(bankAccountsRoutes, { bankAccounts: services.bankAccounts, clock });
      await v1.register(reviewsRoutes, { reviews: services.reviews, clock });
      await v1.register(favouritesRoutes, { favourites: services.favourites, clock });
      await v1.register(moneyRequestsRoutes, { moneyRequests: services.moneyRequests, movements, paymentPins: services.paymentPins, clock });
      await v1.register(notificationsRoutes, { notifications: services.notifications, clock });
      await v1.register(contactRoutes, { contact: services.contact, clock });
    },
    { prefix: '/api/v1' },
  );

  await registerWebApp(app, webDist, web, { required: production });
  startHousekeeping(app, db.kysely, clock);
  startMonthlyStatements(app, db.kysely, clock, undefined, readiness.whenReady);
  startJournalSealer(app, db.kysely, sealKeysOf(config), clock, config.JOURNAL_SEAL_INTERVAL_SECONDS * 1000, readiness.whenReady);
  return app;
}

/**
 * Every feature's service, built once from what it depends on (the database, the mailer, settings),
 * passed one way: here → the feature's routes → its service → its repository. The demo data
 * (seed/) and the tests use the same services through `app.services`.
 */
export function createServices({ config, db, mailer, sms, log }: { config: Config; db: Db; mailer: Mailer; sms: SmsGateway; log: FastifyBaseLogger }) {
  const { PUBLIC_URL: publicUrl, SUPPORT_EMAIL: supportEmail } = config;
  const cardProvider = { sandbox: createSandboxCardProvider }[config.CARD_PROVIDER]({ db: db.kysely });
  const phoneProof = createPhoneProofService({
    db: db.kysely,
    sms,
    log,
    identityHashSecret: config.IDENTITY_HASH_SECRET,
    emailVerification: config.EMAIL_VERIFICATION,
  });
  const twoStep = createTwoStepService({ db: db.kysely, mailer, log, identityHashSecret: config.IDENTITY_HASH_SECRET });
  const relyingParty = relyingPartyOf(config.PASSKEY_ORIGIN);
  const paymentPins = createPaymentPinGuard({ db: db.kysely, mailer, log, identityHashSecret: config.IDENTITY_HASH_SECRET, relyingParty });
  return {
    mailer,
    sms,
    phoneProof,
    twoStep,
    paymentPins,
    passkeys: createPasskeysService({ db: db.kysely, mailer, log, paymentPins, relyingParty }),
    paymentPin: createPaymentPinService({ db: db.kysely, sms, log, paymentPins, identityHashSecret: config.IDENTITY_HASH_SECRET }),
    auth: createAuthService({
      db: db.kysely,
      mailer,
      publicUrl,
      log,
      signupsPerAddressPerHour: config.SIGNUP_RATE_LIMIT,
      emailVerification: config.EMAIL_VERIFICATION,
      identityHashSecret: config.IDENTITY_HASH_SECRET,
      phoneProof,
      twoStep,
      relyingParty,
    }),
    profile: createProfileService({ db: db.kysely, mailer, publicUrl, log }),
    sessions: createSessionsService({ db: db.kysely }),
    photos: createPhotoStore(config.DATA_DIR),
    tickets: createSupportTicketsService({ db: db.kysely, mailer, supportEmail, publicUrl, log }),
    loans: createLoanService({ db: db.kysely }),
    banks: createBanksService({ db: db.kysely }),
    transfers: createTransfersService({ db: db.kysely }),
    cardProvider,
    deposits: createDepositsService({ bankConnector: sandboxBankConnector, cardProvider }),
    paypal: createPaypalService({ db: db.kysely }),
    statement: createStatementService({ db: db.kysely, publicUrl }),
    receipts: createReceiptsService({ db: db.kysely, publicUrl }),
    verify: createVerifyService({ db: db.kysely }),
    bankAccounts: createBankAccountsService({ db: db.kysely }),
    reviews: createReviewsService({ db: db.kysely }),
    favourites: createFavouritesService({ db: db.kysely }),
    moneyRequests: createMoneyRequestsService({ db: db.kysely }),
    notifications: createNotificationsService({ db: db.kysely }),
    contact: createContactService({ db: db.kysely, mailer, supportEmail, publicUrl }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
