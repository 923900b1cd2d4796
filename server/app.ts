import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import helmet from 'helmet';
import { resources } from '#domain/resources/index.ts';
import { type Config, loadConfig } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import type { Db, DbKind } from './db/client.ts';
import type { MemberRow } from './db/schema/index.ts';
import { registerSessionResolver, SESSION_COOKIE } from './http/auth.ts';
import { AUTH_CACHE_TTL_MS } from './http/auth-cache.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import {
  rateLimited,
  registerErrorHandling,
  sendFrameworkError,
  sendRouteNotFound,
  validatorCompiler,
} from './http/errors.ts';
import { registerControlCharacterGuard } from './http/input.ts';
import { metricsRoutes, registerMetrics } from './http/metrics.ts';
import {
  BOOKING_SCHEME,
  CONTROL_SCHEME,
  ENTRY_SCHEME,
  KIOSK_SCHEME,
  METRICS_SCHEME,
  openapiTransform,
  openapiTransformObject,
  registerOpenapiChecks,
  SESSION_SCHEME,
} from './http/openapi.ts';
import { registerRequestLog, withLogHygiene } from './http/request-log.ts';
import { registerRights } from './http/rights.ts';
import { createSerializerCompiler } from './http/serializer.ts';
import { installServerKey, loadServerKey, type ServerKey } from './kernel/sealing.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { type BackupRunner, registerBackups } from './modules/backup/backup.runner.ts';
import { consultHooks } from './modules/consult/consult.hooks.ts';
import { consultRoutes } from './modules/consult/consult.routes.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { entryRoutes } from './modules/entry/entry.routes.ts';
import { expenseRoutes } from './modules/expense/expense.routes.ts';
import { fileRoutes } from './modules/file/file.routes.ts';
import { gymHooks } from './modules/gym/gym.hooks.ts';
import { gymRoutes } from './modules/gym/gym.routes.ts';
import { gymAuthHooks, gymAuthMemberHooks } from './modules/gym-auth/gym-auth.hooks.ts';
import { gymAuthRoutes } from './modules/gym-auth/gym-auth.routes.ts';
import { gymMemberHooks } from './modules/gym-member/gym-member.hooks.ts';
import { gymMemberRoutes } from './modules/gym-member/gym-member.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { lockerRoutes } from './modules/locker/locker.routes.ts';
import { createLockerReminderSweep } from './modules/locker/locker-reminders.ts';
import { toMember } from './modules/member/member.repository.ts';
import { memberRoutes } from './modules/member/member.routes.ts';
import { memberImageRoutes } from './modules/member/member-image.routes.ts';
import { runAutomaticMessages } from './modules/message/message.auto.ts';
import { pollDeliveryReports } from './modules/message/message.reports.ts';
import { messageRoutes } from './modules/message/message.routes.ts';
import { messageSettingsRoutes } from './modules/message-settings/message-settings.routes.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { createDispatcher, type Dispatcher, type DispatchMode } from './modules/outbox/dispatcher.ts';
import { createTestModeProvider, type MessageProvider } from './modules/outbox/message-provider.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { outboxHandlersWith } from './modules/outbox/topics.ts';
import { passRoutes } from './modules/pass/pass.routes.ts';
import { ticketHooks } from './modules/pass/ticket.hooks.ts';
import { payRequestRoutes } from './modules/pay-request/pay-request.routes.ts';
import type { PaymentProvider } from './modules/pay-request/payment-provider.ts';
import { appConfigRoutes, OUTSIDE_SCRIPT_HOSTS } from './modules/platform/app-config.routes.ts';
import { productRoutes } from './modules/product/product.routes.ts';
import { receiptRoutes } from './modules/receipt/receipt.routes.ts';
import type { ReceiptProvider } from './modules/receipt/receipt-provider.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { REMEMBER_MS, type RevenueMemory, sweepRevenueChanges } from './modules/report/revenue-memory.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { gymSubServiceHooks, subServiceRoutes } from './modules/sub-service/sub-service.ts';
import type { GroupMessageProvider } from './providers/message/group-message.ts';
import { groupMessageProviderFromEnv } from './providers/message/select.ts';
import type { ResourceHooks } from './resources/engine.ts';
import { registerResource } from './resources/resource-routes.ts';
import { createDiskStorage } from './storage/disk-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { registerTestClockRoute, type TestClock } from './test-clock.ts';

/**
 * Server behaviour by resource name, registered with the engine from here: the engine imports no module
 * (docs/architecture.md#resource-engine). A plain resource needs no entry.
 */
const resourceHooks: Record<string, ResourceHooks> = {
  consult: consultHooks,
  gym: gymHooks,
  'gym-auth': gymAuthHooks,
  'gym-auth-member': gymAuthMemberHooks,
  'gym-member': gymMemberHooks,
  'gym-sub-service': gymSubServiceHooks,
  ticket: ticketHooks,
  // The password hash never leaves the server, whatever the route.
  member: { toRecords: async (rows: MemberRow[]) => rows.map(toMember) },
};

export type AppDeps = {
  db: Db;
  dbKind: DbKind;
  /** Defaults to the environment's configuration. */
  config?: Config;
  clock?: () => Date;
  /** Browser tests only (`TEST_CLOCK`): the movable clock, whose route the app then registers. */
  testClock?: TestClock;
  logger?: FastifyServerOptions['logger'];
  /** The built web app; without it only the API is served. */
  webRoot?: string;
  /** Where uploads go; defaults to the disk under `$DATA_DIR/uploads`. */
  storage?: FileStorage;
  /**
   * The outbox dispatcher (docs/architecture.md#outbox): `loop` in the server process; the default `after-commit`
   * delivers before a successful write answers (deterministic for tests); `manual` leaves it to `app.outbox`.
   */
  outbox?: {
    dispatch?: DispatchMode;
    provider?: MessageProvider;
    maxAttempts?: number;
    baseDelayMs?: number;
  };
  /** The key the outbox's secrets are sealed to (sealing.ts); read from the configuration when absent. */
  serverKey?: ServerKey;
  /** Cash receipts and tax invoices (docs/rules.md#cash-receipts); the test-mode provider when absent. */
  receiptProvider?: ReceiptProvider;
  /** Card payments on the payment-request page (docs/rules.md#payment-requests); the test mode when absent. */
  paymentProvider?: PaymentProvider;
  /** The revenue reports' remembered answers (docs/rules.md#revenue-recognition); a new one when absent. */
  revenueMemory?: RevenueMemory;
  /** Group messages (docs/rules.md#messaging): the provider; from the environment (test mode by default) when absent. */
  groupMessageProvider?: GroupMessageProvider;
};

/** How often the loop asks a provider with `reports()` for the delivery states of sent messages. */
const REPORT_POLL_MS = 60_000;

/** How often the loop runs the automatic messages and the 2-year consent notices (docs/rules.md#automatic-messages). */
const AUTO_MESSAGE_MS = 60_000;

/**
 * The automatic messages beside the loop: once a minute at the injected clock's time, by the dispatcher's leader,
 * one run at a time; a failure is logged and the next minute tries again.
 */
const scheduleAutoMessages = (app: FastifyInstance, db: Db, clock: () => Date, dispatcher: Dispatcher) => {
  let running = false;
  const timer = setInterval(() => {
    if (running || !dispatcher.isLeader()) return;
    running = true;
    runAutomaticMessages({ db, log: app.log }, clock())
      .then((sends) => {
        if (sends.length > 0) dispatcher.wake();
      })
      .catch((error) => app.log.error({ error }, 'automatic messages failed'))
      .finally(() => {
        running = false;
      });
  }, AUTO_MESSAGE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * The security headers of every answer (helmet). The optional outside scripts (docs/architecture.md#configuration)
 * widen the policy only when their key is configured.
 */
const registerSecurityHeaders = (app: FastifyInstance, config: Config) => {
  const outside = [
    ...(config.kakaoJsKey ? [OUTSIDE_SCRIPT_HOSTS.kakao] : []),
    ...(config.chatPluginKey ? [OUTSIDE_SCRIPT_HOSTS.chat] : []),
  ];
  const outsideHosts = (kind: 'script' | 'connect' | 'frame') => outside.flatMap((hosts) => hosts[kind]);
  // Built once: @fastify/helmet rebuilt the middleware (and re-parsed the policy) on every request, 1.5% of a list's
  // CPU (bench/README.md). The headers are the same for every answer.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...outsideHosts('script')],
        // antd writes its CSS-in-JS into style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...outsideHosts('frame')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...outsideHosts('connect')],
        // 'self': the operator's console shows uploaded documents (PDFs) in an in-page viewer.
        frameSrc: ["'self'", ...outsideHosts('frame')],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
};

/** The OpenAPI document and its viewer at /web/docs. */
const registerOpenapiDocs = async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'FitDesk (핏데스크) web API',
        version: '0.1.0',
        description:
          'The /web API of the gym back-office. Success bodies are `{ data }`; errors are ' +
          '`{ statusCode, code, message, reason, errors?, requestId }` (`reason`: the message key). ' +
          'Sessions use the HttpOnly cookie `sid`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-FitDesk-Proprietary' },
      },
      // Relative: the document describes whichever origin serves it.
      servers: [{ url: '/', description: 'The origin that serves this document' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: 'The HttpOnly session cookie that POST /web/member/login sets.',
          },
          [KIOSK_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'x-kiosk-token',
            description: "The consulting tablet's token, from POST /web/consult/kiosk/{gymId} (16 hours).",
          },
          [BOOKING_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'x-booking-token',
            description:
              "A customer's booking-link token, from POST /web/booking-link (30 days; a new link revokes it).",
          },
          [ENTRY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'x-entry-token',
            description:
              "The check-in kiosk's token, from POST /web/entry-kiosk/{gymId} (16 hours; closed when staff leave it).",
          },
          [METRICS_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN, for GET /web/metrics only (a Prometheus scraper).',
          },
          [CONTROL_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The server's control token, for the command line on its machine: in $DATA_DIR/server.json (mode " +
              '0600), new at every start.',
          },
        },
      },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  registerOpenapiChecks(app);
  await app.register(swaggerUi, { routePrefix: '/web/docs', staticCSP: true });
};

/**
 * The outbox (docs/architecture.md#outbox): its dispatcher, `app.outbox`, drained after each committed write or
 * run as a loop (with the locker reminders and the revenue sweep beside it), stopped on close.
 */
const registerOutbox = (
  app: FastifyInstance,
  deps: AppDeps,
  options: {
    config: Config;
    clock: () => Date;
    serverKey: ServerKey;
    dispatch: DispatchMode;
    groupProvider: GroupMessageProvider;
    storage: FileStorage;
  },
) => {
  const { config, clock, serverKey, dispatch, groupProvider } = options;
  const dispatcher = createDispatcher({
    db: deps.db,
    dbKind: deps.dbKind,
    clock,
    provider:
      deps.outbox?.provider ??
      createTestModeProvider((m) => app.log.info({ outbox: m }, 'test mode: not sent'), {
        recordFile: config.outboxTestLog,
      }),
    handlers: outboxHandlersWith({
      provider: groupProvider,
      clock,
      maxAttempts: deps.outbox?.maxAttempts ?? 5,
      storage: options.storage,
    }),
    serverKey,
    publicUrl: config.publicUrl,
    log: app.log,
    maxAttempts: deps.outbox?.maxAttempts,
    baseDelayMs: deps.outbox?.baseDelayMs,
  });
  app.decorate('outbox', dispatcher);
  if (dispatch === 'after-commit') {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isWrite(request.method) || reply.statusCode >= 400) return payload;
      // The change is committed; a delivery problem stays in the outbox and never fails the answer.
      await dispatcher.drain().catch((error) => request.log.error({ error }, 'outbox delivery failed'));
      return payload;
    });
  }
  if (dispatch === 'loop') {
    app.addHook('onReady', async () => dispatcher.start());
    // The locker rental reminders (docs/rules.md#lockers): a sweep at start, then hourly, beside the loop.
    const lockerReminders = createLockerReminderSweep({
      db: deps.db,
      clock,
      log: app.log,
      onEnqueued: () => dispatcher.wake(),
    });
    app.addHook('onReady', async () => lockerReminders.start());
    app.addHook('onClose', async () => lockerReminders.stop());
    // The revenue reports' change log keeps a day (docs/rules.md#revenue-recognition): swept hourly.
    const revenueSweep = setInterval(() => {
      sweepRevenueChanges(deps.db).catch((error) => app.log.error({ error }, 'revenue change sweep failed'));
    }, REMEMBER_MS);
    revenueSweep.unref();
    app.addHook('onClose', async () => clearInterval(revenueSweep));
    // Delivery reports by polling, for a provider that answers them (docs/rules.md#messaging), beside the webhook.
    const reportPoll = setInterval(() => {
      if (dispatcher.isLeader())
        pollDeliveryReports(deps.db, groupProvider).catch((error) =>
          app.log.error({ error }, 'report poll failed'),
        );
    }, REPORT_POLL_MS);
    reportPoll.unref();
    app.addHook('onClose', async () => clearInterval(reportPoll));
    scheduleAutoMessages(app, deps.db, clock, dispatcher);
    app.addHook('onResponse', async (request, reply) => {
      if (isWrite(request.method) && reply.statusCode < 400) dispatcher.wake();
    });
  }
  app.addHook('onClose', async () => dispatcher.stop());
  return dispatcher;
};

/** Every /web route: the special shapes first (docs/architecture.md#resource-engine), then the generic ones. */
const registerWebRoutes = async (
  web: FastifyInstance,
  parts: {
    ctx: AppContext;
    storage: FileStorage;
    metrics: ReturnType<typeof registerMetrics>;
    dispatcher: Dispatcher;
    backups: BackupRunner;
    groupProvider: GroupMessageProvider;
  },
) => {
  const { ctx, storage, metrics, dispatcher, backups, groupProvider } = parts;
  await web.register(healthRoutes, { ctx });
  await web.register(metricsRoutes, { metrics });
  await web.register(appConfigRoutes, { config: ctx.config });
  await web.register(authRoutes, { ctx });
  await web.register(memberRoutes, { ctx });
  await web.register(memberImageRoutes, { ctx, storage });
  await web.register(fileRoutes, { ctx, storage });
  await web.register(notificationRoutes, { ctx });
  // Special shapes first (docs/architecture.md#resource-engine); they sit beside the generic routes and
  // reuse the same code.
  await web.register(gymRoutes, { ctx });
  await web.register(gymMemberRoutes, { ctx });
  await web.register(gymAuthRoutes, { ctx });
  await web.register(subServiceRoutes, { ctx });
  await web.register(consultRoutes, { ctx });
  await web.register(customerRoutes, { ctx });
  await web.register(passRoutes, { ctx });
  await web.register(scheduleRoutes, { ctx });
  await web.register(lockerRoutes, { ctx });
  await web.register(entryRoutes, { ctx });
  await web.register(salesRoutes, { ctx });
  await web.register(productRoutes, { ctx });
  await web.register(receiptRoutes, { ctx });
  await web.register(expenseRoutes, { ctx });
  await web.register(messageSettingsRoutes, { ctx, provider: groupProvider });
  await web.register(messageRoutes, {
    ctx,
    provider: groupProvider,
    webhookSecret: ctx.config.messageWebhookSecret,
  });
  await web.register(payRequestRoutes, { ctx });
  await web.register(reportRoutes, { ctx });
  await web.register(homeRoutes, { ctx });
  await web.register(auditRoutes, { ctx });
  await web.register(outboxRoutes, { ctx, dispatcher });
  await web.register(backupRoutes, { ctx, backups });
  for (const declaration of resources)
    registerResource(web, ctx, declaration, resourceHooks[declaration.name]);
};

/** The built web app, when there is one: its files, and index.html for every other GET (the SPA's routes). */
const registerWebRoot = async (app: FastifyInstance, ctx: AppContext, root: string | undefined) => {
  const webRoot = root && existsSync(join(root, 'index.html')) ? root : undefined;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      // One route per built file, found at start-up; every other path falls to the SPA below.
      wildcard: false,
      // scripts/build-web.mjs writes .br and .gz beside each file; they are sent as the client accepts.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/; the rest must be revalidated.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url === '/web' || request.url.startsWith('/web/') || request.url.startsWith('/web?')) {
      return sendRouteNotFound(request, reply);
    }
    // Every other path belongs to the single-page app, which shows its own 404 page.
    if (webRoot && (request.method === 'GET' || request.method === 'HEAD')) {
      // LOGIN is the light sign-in entry's and makes no session call (docs/architecture.md#web-app): a visitor
      // who still holds a live session goes on from here to HOME, or to the `to` path (docs/rules.md#session).
      const url = new URL(request.url, 'http://app');
      const sid = request.cookies[SESSION_COOKIE];
      if (url.pathname.replace(/\/+$/, '') === '/login' && sid && sid.length <= 128) {
        if ((await ctx.sessions.resolve(sid)).state === 'valid') {
          const to = url.searchParams.get('to') ?? '';
          // A path inside the app, in plain URL characters: no open redirect, nothing odd in the header.
          const inApp = /^\/(?![/\\])[\w\-./?=&%~+,:@!$'()*;]*$/.test(to) ? to : '/';
          return reply.header('cache-control', 'no-store').redirect(inApp);
        }
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });
};

/** The whole HTTP application, without listening (fastify/demo's shape): tests drive it through inject. */
export const buildApp = async (deps: AppDeps) => {
  const config = deps.config ?? loadConfig();
  const clock = deps.testClock?.now ?? deps.clock ?? (() => new Date());
  const storage = deps.storage ?? createDiskStorage(join(config.dataDir, 'uploads'));
  const app = Fastify({
    // No personal data in any line (docs/operations.md#logs); one line per request, from registerRequestLog.
    logger: withLogHygiene(deps.logger ?? false),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: sendFrameworkError,
    // Node's parser refusals (400, 408, 431) in the error envelope too (server/http/client-errors.ts).
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON (and multipart where it uploads); a text body is refused with 415, not parsed.
  app.removeContentTypeParser('text/plain');
  app.setSerializerCompiler(createSerializerCompiler({ check: config.responseCheck }));
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestLog(app);
  // Off, with no hook, unless METRICS_TOKEN is set (docs/operations.md#health-and-metrics).
  const metrics = registerMetrics(app, { db: deps.db, dbKind: deps.dbKind, config, clock });

  registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  await registerOpenapiDocs(app);

  const ctx = createContext({
    db: deps.db,
    dbKind: deps.dbKind,
    config,
    clock,
    receiptProvider: deps.receiptProvider,
    paymentProvider: deps.paymentProvider,
    revenueMemory: deps.revenueMemory,
  });
  // The outbox's key (docs/operations.md#server-key): its public half goes to the database for the writers.
  const serverKey = deps.serverKey ?? loadServerKey(config);
  if ((await installServerKey(deps.db, serverKey)).replaced) {
    app.log.warn(
      { keyId: serverKey.id },
      'the server key changed: outbox messages sealed under the previous key can no longer be delivered',
    );
  }
  const dispatch = deps.outbox?.dispatch ?? 'after-commit';
  const groupProvider = deps.groupMessageProvider ?? groupMessageProviderFromEnv(process.env, app.log);
  const dispatcher = registerOutbox(app, deps, {
    config,
    clock,
    serverKey,
    dispatch,
    groupProvider,
    storage,
  });
  // Backups (docs/operations.md#backup): one runner per process; BACKUP_CRON runs beside the outbox loop.
  const backups = registerBackups(app, {
    ...ctx,
    outbox: dispatcher,
    scheduled: dispatch === 'loop',
  });
  registerCsrfGuard(app);
  const sessionCache = registerSessionResolver(app, ctx.sessions, { ttlMs: AUTH_CACHE_TTL_MS, clock });
  // A successful write may have ended a session or changed someone's rights: both caches start over before the
  // answer leaves, so the caller's next request already reads the new state (docs/architecture.md#request-path).
  app.addHook('onSend', async (request, reply, payload) => {
    if (isWrite(request.method) && reply.statusCode < 400) {
      sessionCache.clear();
      ctx.loadRights.clear();
    }
    return payload;
  });
  registerRights(app);
  registerControlCharacterGuard(app);
  if (deps.testClock) registerTestClockRoute(app, deps.testClock);

  await app.register(
    async (web) => registerWebRoutes(web, { ctx, storage, metrics, dispatcher, backups, groupProvider }),
    {
      prefix: '/web',
    },
  );

  await registerWebRoot(app, ctx, deps.webRoot);

  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
