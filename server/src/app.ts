import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorCatalogue } from '@larkspur/contract';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { ShiftableClock, systemClock, type Clock } from './lib/clock';
import { AppError } from './lib/errors';
import { registerCsrfProtection } from './plugins/csrf';
import { registerErrorHandling } from './plugins/error-handler';
import { registerHostCheck } from './plugins/host-check';
import { registerInputSanity } from './plugins/input-sanity';
import { registerSecurityHeaders, routerErrorSecurityHeaders } from './plugins/security-headers';
import { inlineScriptHashes, registerWebApp, serveSpaFallback } from './plugins/web-app';
import { authRoutes } from './modules/auth/index';
import {
  createEmailModule,
  mailboxApiRoutes,
  mailboxPageRoutes,
  type EmailModule,
  type EmailTransport,
} from './modules/email/index';
import { healthRoutes } from './modules/health/index';
import { cardRoutes } from './modules/cards/index';
import { createCardService } from './modules/cards/index';
import { adminConsoleRoutes } from './modules/admin/index';
import { adminExportRoutes } from './modules/admin/index';
import { adminLedgerRoutes } from './modules/money-requests/index';
import { bankingRoutes } from './modules/ledger/index';
import { createMoneyBudget } from './modules/ledger/index';
import { documentRoutes } from './modules/ledger/index';
import { createFxRateService } from './modules/fx/index';
import { adminFxRateRoutes, fxRateRoutes } from './modules/fx/index';
import { createBankingService } from './modules/ledger/index';
import { adminLoanRoutes } from './modules/loans/index';
import { createLoanInquiryService } from './modules/loans/index';
import { loanRoutes } from './modules/loans/index';
import { createLoanService } from './modules/loans/index';
import { loanInquiryRoutes } from './modules/loans/index';
import { crawlerRoutes } from './modules/site/index';
import { createAuditLog } from './modules/audit/index';
import { createAuthService } from './modules/auth/index';
import { createRecoveryService } from './modules/recovery/index';
import { adminRecoveryRoutes, recoveryRoutes } from './modules/recovery/index';
import { createSecurityAlerts } from './modules/email/index';
import { createLoginThrottle } from './modules/auth/index';
import { createPendingSignIns } from './modules/auth/index';
import { createTrustedDevices } from './modules/auth/index';
import { createSessionStore } from './modules/auth/index';
import { createSecurityService } from './modules/security/index';
import { staffInvitationRoutes, staffRoutes } from './modules/staff/index';
import { createStaffService } from './modules/staff/index';
import { securityRoutes } from './modules/security/index';
import { passkeyRoutes } from './modules/passkeys/index';
import { createPasskeyService } from './modules/passkeys/index';
import { createStepUpService } from './modules/step-up/index';
import { stepUpRoutes } from './modules/step-up/index';
import { createPayeeService } from './modules/payees/index';
import { payeeRoutes } from './modules/payees/index';
import { avatarRoutes } from './modules/users/index';
import { meRoutes } from './modules/profile/index';
import { createUserService } from './modules/users/index';
import { createHousekeeping, type Housekeeping } from './modules/housekeeping/index';
import { createHoldReleaseJob, type HoldReleaseJob } from './modules/holds/index';
import { adminHoldRoutes } from './modules/holds/index';
import { createMoneyRequestService } from './modules/money-requests/index';
import { moneyRequestRoutes } from './modules/money-requests/index';
import { createHoldService } from './modules/holds/index';
import { scheduledRoutes } from './modules/scheduled/index';
import { createScheduledService } from './modules/scheduled/index';
import { createScheduler, type Scheduler } from './modules/scheduled/index';
import { isForwardClock, testClockRoutes } from './modules/scheduled/index';
import type { RandomInt } from './modules/users/index';
import { createFieldCipher, resolveDataKey } from './lib/field-encryption';
import { createGuards, registerAuthentication, sessionCookieFor } from './plugins/authentication';
import { defineArea, registerAreas } from './plugins/area';
import { chooseLogFormat, prettyLogStream } from './lib/log-format';

/** Largest JSON body any endpoint accepts unless its route says otherwise. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Unknown paths are a scanner's favourite; answer them, but not without limit. */
const NOT_FOUND_RATE_LIMIT_PER_MINUTE = 300;
/** Marks a request id that carries the client's X-Request-Id (decision 0195). */
export const CLIENT_REQUEST_ID_PREFIX = 'client-';
/** What a request log shows instead of a query string (docs/decisions/0088). */
export const REDACTED_QUERY = '?[redacted]';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Pino options; tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Deliver queued email and tidy up expired rows in the background (default). Tests pass false and
   * call `app.email.worker.runOnce()` or `app.housekeeping.runOnce()`.
   */
  startBackgroundJobs?: boolean;
  /** Replaces the configured email transport (tests: one that fails on demand). */
  emailTransport?: EmailTransport;
  /** Account-number draws (tests force collisions); crypto.randomInt by default. */
  randomInt?: RandomInt;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** For tests and scripts; modules receive the email module as an explicit dependency. */
    email: EmailModule;
    /** For tests: `runOnce()` instead of the timer. */
    housekeeping: Housekeeping;
    /** For tests: `runOnce()` releases the due check-deposit holds. */
    holdRelease: HoldReleaseJob;
    /** For tests: `runOnce()` makes the due scheduled payments. */
    scheduler: Scheduler;
  }
}

/**
 * A URL as the logs may keep it: the path, and only the fact that there was a query. Queries carry
 * what a person searched for, `?to=` addresses and account numbers, none of which a log may hold.
 */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark) + REDACTED_QUERY;
}

/** Route parameters whose value is an account number: logged as this placeholder (decision 0195). */
const ACCOUNT_NUMBER_PARAMS = new Set(['accountNumber']);
export const REDACTED_ACCOUNT_NUMBER = '[account number]';

/**
 * The URL a log line keeps: the query redacted, and on a route with an account number among its
 * parameters the path rebuilt from the route's pattern with the number left out (the raw path may
 * spell it with percent-escapes, so it is not searched and replaced).
 */
export function loggableUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (pattern === undefined || !Object.keys(params).some((name) => ACCOUNT_NUMBER_PARAMS.has(name))) {
    return redactQuery(request.url);
  }
  const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
    ACCOUNT_NUMBER_PARAMS.has(name)
      ? REDACTED_ACCOUNT_NUMBER
      : encodeURIComponent(String(params[name] ?? '')),
  );
  return request.url.includes('?') ? path + REDACTED_QUERY : path;
}

/** Fastify's request serializer, with the query string and account numbers redacted. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: loggableUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger: JSON lines, or readable ones when LOG_FORMAT asks for them or (auto) stdout is a
 * terminal (decision 0123). Tests and embedders pass their own `logger` to buildApp.
 */
export function loggerOptions(
  config: Config,
  stdout: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
): FastifyServerOptions['logger'] {
  const pretty = chooseLogFormat(config.logFormat, stdout.isTTY === true) === 'pretty';
  return {
    level: config.logLevel,
    ...(pretty ? { stream: prettyLogStream(stdout) } : {}),
    serializers: { req: serializeRequest },
    // Secrets never reach a log line, whatever object someone logs.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.code',
        '*.ssn',
        '*.sessionId',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * TRUST_PROXY in Fastify's terms. A hop count is a function (this Fastify refuses to trust a bare
 * number): the socket peer and the next `hops - 1` addresses are proxies, so with 1 the client is
 * the right-most X-Forwarded-For entry, never one the client wrote further left.
 */
function fastifyTrustProxy(
  setting: Config['trustProxy'],
): false | string[] | ((a: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Answers a request Node's HTTP parser refused (docs/decisions/0088) with the error envelope and
 * our security headers, then closes the connection (its framing can no longer be trusted).
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, https: boolean): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = timeout ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message =
      status === 408
        ? 'The request took too long to arrive.'
        : status === 431
          ? 'The request headers are too large.'
          : errorCatalogue.VALIDATION_FAILED.message;
    const body = JSON.stringify({ error: { code: 'VALIDATION_FAILED', message } });
    const headers = {
      ...routerErrorSecurityHeaders(https),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Builds the whole application, explicitly and in order: plugins (security, errors, docs) →
 * services → routes. `main.ts` listens on it; tests build the same app and use `inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // TEST_CLOCK=on (never in production: decision 0160) gives the app a clock tests move forward.
  const clock = deps.clock ?? (config.testClock ? new ShiftableClock() : systemClock);

  const https = config.publicOrigin.startsWith('https://');
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Requests Node's HTTP parser refuses (a Content-Length of "abc" or "-1", two that disagree, …)
    // never reach Fastify; answer them in the envelope too, instead of Node's or Fastify's own body.
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
      answerClientError(error, socket, https);
    },
    // The id that correlates a request's log lines is the bank's own (decision 0195). A client's
    // X-Request-Id is kept for its own correlation, but only prefixed and made unique: a client
    // can neither pass its lines off as the bank's nor mingle them with another request's.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      const own = crypto.randomUUID();
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? `${CLIENT_REQUEST_ID_PREFIX}${incoming}.${own.slice(0, 8)}`
        : own;
    },
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    routerOptions: { maxParamLength: 200 },
    // URLs the router itself refuses (bad %-encoding, a path segment over maxParamLength) get the
    // error envelope and the security headers too, instead of Fastify's own body (found by bench/fuzz).
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      void (reply as FastifyReply)
        .headers(routerErrorSecurityHeaders(https))
        .status(errorCatalogue[code].status)
        .send({ error: { code, message: errorCatalogue[code].message } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Plugins.
  registerErrorHandling(app);
  registerInputSanity(app);
  await registerSecurityHeaders(app, {
    https,
    // The built pages' inline scripts (decision 0126), where this server serves them.
    scriptHashes: config.nodeEnv !== 'development' ? inlineScriptHashes(config.webDistDir) : [],
  });
  // After the security headers (a refusal carries them too), before everything else.
  registerHostCheck(app, config.allowedHosts);
  registerCsrfProtection(app, {
    publicOrigin: config.publicOrigin,
    loopbackAnyPort: config.allowedHosts.loopbackAnyPort,
  });
  await app.register(rateLimit, { global: false, allowList: config.rateLimitAllowList });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.bankName} API`,
        version: '0.1.0',
        description:
          'The API of Larkspur Bank. Money is a two-decimal string; errors are { error: { code, message } }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  // The document is always built (tests and bench:fuzz read it); it is served only where enabled.
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Swagger UI's own policy lets the page be framed by its origin; nothing may frame the bank.
      transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  }

  // Services.
  const email = createEmailModule({
    db: database.db,
    clock,
    config,
    logger: app.log,
    transport: deps.emailTransport,
  });
  app.decorate('email', email);
  if (deps.startBackgroundJobs ?? true) app.addHook('onReady', async () => email.worker.start());
  app.addHook('onClose', () => email.close());
  const housekeeping = createHousekeeping({
    db: database.db,
    clock,
    logger: app.log,
    mailbox: email.mailbox !== null,
  });
  app.decorate('housekeeping', housekeeping);
  if (deps.startBackgroundJobs ?? true) app.addHook('onReady', async () => housekeeping.start());
  app.addHook('onClose', () => housekeeping.stop());

  const audit = createAuditLog({ clock });
  const cipher = createFieldCipher(resolveDataKey(config.dataEncryptionKey, config.dataDir));
  const cards = createCardService({ db: database.db, clock, cipher });
  await cards.backfill();
  const users = createUserService({
    db: database.db,
    clock,
    cipher,
    randomInt: deps.randomInt,
    issueCard: cards.issue,
  });
  const sessions = createSessionStore({ db: database.db, clock, ...config.session });
  const cookie = sessionCookieFor(config.publicOrigin, config.session.absoluteTimeoutMs);
  const guards = createGuards(sessions);
  const throttle = createLoginThrottle({ db: database.db, clock });
  const alerts = createSecurityAlerts({
    clock,
    outbox: email.outbox,
    brand: email.brand,
    nudgeOutbox: () => email.worker.nudge(),
  });
  const recovery = createRecoveryService({
    db: database.db,
    clock,
    users,
    sessions,
    throttle,
    otp: email.otp,
    outbox: email.outbox,
    audit,
    brand: email.brand,
    alerts,
  });
  const auth = createAuthService({
    db: database.db,
    clock,
    users,
    sessions,
    throttle,
    otp: email.otp,
    audit,
    brand: email.brand,
    devices: createTrustedDevices({ db: database.db, clock }),
    pending: createPendingSignIns({ db: database.db, clock }),
    outbox: email.outbox,
    nudgeOutbox: () => email.worker.nudge(),
    alerts,
  });
  await registerAuthentication(app, { sessions, cookie });
  registerAreas(app, guards);
  const stepUp = createStepUpService({
    db: database.db,
    clock,
    settings: config.webauthn,
    otp: email.otp,
    audit,
    throttle,
  });
  const passkeys = createPasskeyService({
    db: database.db,
    clock,
    settings: config.webauthn,
    auth,
    audit,
    outbox: email.outbox,
    brand: email.brand,
    nudgeOutbox: () => email.worker.nudge(),
    requireSecondFactor: (session, action, token, ctx) =>
      stepUp.requireForAccount(session, action, token, ctx),
  });
  const banking = createBankingService({
    db: database.db,
    clock,
    users,
    outbox: email.outbox,
    brand: email.brand,
    audit,
  });
  await banking.ensureSystemAccounts();
  const moneyRequests = createMoneyRequestService({
    db: database.db,
    clock,
    audit,
    banking,
    thresholdCents: config.makerCheckerThresholdCents,
    windowMs: config.makerCheckerWindowMs,
  });
  const loans = createLoanService({
    db: database.db,
    readDb: database.readDb,
    clock,
    banking,
    audit,
    users,
    mail: { outbox: email.outbox, brand: email.brand, nudge: () => email.worker.nudge() },
  });
  const holds = createHoldService({
    db: database.db,
    clock,
    brand: email.brand,
    audit,
    users,
  });
  const holdRelease = createHoldReleaseJob({
    db: database.db,
    clock,
    logger: app.log,
    onReleased: (userIds) => users.profilesChanged(userIds),
  });
  app.decorate('holdRelease', holdRelease);
  if (deps.startBackgroundJobs ?? true) app.addHook('onReady', async () => holdRelease.start());
  app.addHook('onClose', () => holdRelease.stop());
  const scheduled = createScheduledService({ db: database.db, clock, audit });
  const scheduler = createScheduler({
    db: database.db,
    clock,
    banking,
    audit,
    outbox: email.outbox,
    brand: email.brand,
    logger: app.log,
    nudgeOutbox: () => email.worker.nudge(),
    claimLeaseMs: config.scheduledClaimLeaseMs,
  });
  app.decorate('scheduler', scheduler);
  if (deps.startBackgroundJobs ?? true) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());

  const security = createSecurityService({ db: database.db, clock, sessions, audit });
  const staff = createStaffService({
    db: database.db,
    clock,
    users,
    sessions,
    audit,
    outbox: email.outbox,
    brand: email.brand,
    nudgeOutbox: () => email.worker.nudge(),
  });

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes({ database }));
      await api.register(
        loanInquiryRoutes({ inquiries: createLoanInquiryService({ db: database.db, clock }) }),
      );
      await api.register(authRoutes({ auth, sessions, cookie, clock }));
      await api.register(recoveryRoutes({ recovery }));
      await api.register(staffInvitationRoutes({ staff }));
      await api.register(
        meRoutes({
          db: database.db,
          database,
          users,
          auth,
          sessions,
          audit,
          cookieName: cookie.name,
          clock,
          alerts,
          requireSecondFactor: (session, action, token, ctx, tx) =>
            stepUp.requireForAccount(session, action, token, ctx, tx),
        }),
      );
      await api.register(avatarRoutes());
      // Decision 0194: every money movement a customer starts draws on one budget, in the database.
      const budget = createMoneyBudget({ db: database.db, clock, limits: config.moneyLimits });
      await api.register(
        bankingRoutes({
          db: database.db,
          readDb: database.readDb,
          banking,
          clock,
          stepUp: config.stepUpPayments ? stepUp : null,
          budget,
        }),
      );
      await api.register(payeeRoutes({ payees: createPayeeService({ db: database.db, clock, audit }) }));
      await api.register(
        documentRoutes({
          db: database.db,
          readDb: database.readDb,
          clock,
          brand: email.brand,
          rateLimitAllowList: config.rateLimitAllowList,
        }),
      );
      const fx = createFxRateService({ db: database.db, clock, audit });
      await api.register(fxRateRoutes({ fx }));
      await api.register(passkeyRoutes({ passkeys, cookie }));
      await api.register(stepUpRoutes({ stepUp, cookie, enforced: config.stepUpPayments }));
      await api.register(cardRoutes({ db: database.db, cards, auth, audit }));
      await api.register(
        securityRoutes({
          security,
          cookie,
        }),
      );
      await api.register(loanRoutes({ loans }));
      await api.register(
        scheduledRoutes({ scheduled, stepUp: config.stepUpPayments ? stepUp : null, budget }),
      );
      if (config.testClock && isForwardClock(clock))
        await api.register(testClockRoutes({ clock, scheduler }));
      await api.register(
        // The admin area: its guard checks the role on the server before anything else runs, then
        // the staff member's capability, declared by each route (decision 0167).
        defineArea('admin', async (admin) => {
          await admin.register(
            adminLedgerRoutes({ db: database.db, readDb: database.readDb, banking, requests: moneyRequests }),
          );
          await admin.register(moneyRequestRoutes({ requests: moneyRequests }));
          await admin.register(adminLoanRoutes({ loans }));
          await admin.register(adminHoldRoutes({ holds }));
          await admin.register(
            adminConsoleRoutes({
              db: database.db,
              readDb: database.readDb,
              clock,
              users,
              sessions,
              audit,
              alerts,
              lockedUntil: recovery.lockedUntil,
            }),
          );
          await admin.register(adminRecoveryRoutes({ recovery }));
          await admin.register(adminFxRateRoutes({ fx }));
          await admin.register(adminExportRoutes({ db: database.db, readDb: database.readDb, audit }));
          await admin.register(staffRoutes({ db: database.db, staff, security }));
        }),
        { prefix: '/admin' },
      );
      if (email.mailbox) await api.register(mailboxApiRoutes({ mailbox: email.mailbox }));
    },
    { prefix: '/api' },
  );
  if (email.mailbox)
    await app.register(mailboxPageRoutes({ mailbox: email.mailbox, bankName: config.bankName }));
  await app.register(crawlerRoutes({ publicOrigin: config.publicOrigin }));

  const servesWeb = config.nodeEnv !== 'development' && (await registerWebApp(app, config.webDistDir));

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: NOT_FOUND_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' }) },
    (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      if (servesWeb && isPage)
        return serveSpaFallback(request, reply, async () => {
          const raw = request.cookies[cookie.name];
          return raw ? ((await sessions.resolve(raw))?.user?.role ?? null) : null;
        });
      throw new AppError('NOT_FOUND');
    },
  );

  return app;
}
