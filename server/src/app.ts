import { wholeItemPageOf } from '@dosechain/contract';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { keyBytes, useAuditKey } from './kernel/audit/chain.ts';
import { ChainEndWatch } from './kernel/audit/chain-end.ts';
import { AuditCheckpointJob, DEFAULT_AUDIT_CHECKPOINT_HOURS } from './kernel/audit/checkpoint-job.ts';
import { chainWriterOf } from './kernel/audit/record.ts';
import { notificationsOf } from './kernel/db/client.ts';
import { API_PREFIX, registerAccessControl } from './kernel/http/access.ts';
import type { AppDeps } from './kernel/http/deps.ts';
import { frameworkErrorHandler, registerErrorHandling } from './kernel/http/error-handler.ts';
import { finishOpenApiDocument } from './kernel/http/openapi-document.ts';
import { operationDoc } from './kernel/http/openapi-operation.ts';
import { registerRequestIdHeader, requestIdOf } from './kernel/http/request-id.ts';
import { registerSecurityHeaders } from './kernel/http/security-headers.ts';
import { registerWebApp } from './kernel/http/web-app.ts';
import { MailDispatcher } from './kernel/mail/dispatcher.ts';
import { configuredTransport, type MailTransport } from './kernel/mail/transport.ts';
import { createMetrics } from './kernel/metrics/instruments.ts';
import { registerMetricsRoute, registerRequestTiming } from './kernel/metrics/route.ts';
import { RetentionJob } from './kernel/retention/job.ts';
import { safeError } from './kernel/safe-error.ts';
import { safeRequest } from './kernel/safe-request.ts';
import { webhookPolicy } from './kernel/webhooks/address-policy.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './kernel/webhooks/dispatcher.ts';
import { webhookOpenApi } from './kernel/webhooks/openapi.ts';
import { LateDeliveryJob } from './modules/late-delivery/index.ts';
import { LiveEvents, type LiveEventsOptions } from './modules/live-events/hub.ts';
import { streamPrincipal } from './modules/live-events/routes.ts';
import { apiModules } from './modules/registry.ts';

export interface BuildAppOptions extends Omit<AppDeps, 'mailer' | 'webhooks' | 'metrics' | 'auditChainEnd'> {
  logger?: FastifyServerOptions['logger'];
  /** The outbox dispatcher's transport (default: from the configuration) and poll interval (0: off). */
  mail?: { transport?: MailTransport; pollIntervalMs?: number };
  /** The webhook dispatcher's poll interval (0: off), first back-off, timeouts and limits. */
  webhooks?: Pick<
    WebhookDispatcherOptions,
    | 'pollIntervalMs'
    | 'retryBaseMs'
    | 'timeoutMs'
    | 'connectTimeoutMs'
    | 'maxInFlight'
    | 'perWebhook'
    | 'circuit'
  >;
  /** The retention job's interval (default: RETENTION_INTERVAL_MINUTES; 0: off, `app.retention.runOnce` only). */
  retention?: { intervalMs?: number };
  /** The late-delivery watch's interval (default: LATE_CHECK_INTERVAL_MINUTES; 0: off, `app.lateDelivery.runOnce` only). */
  lateDelivery?: { intervalMs?: number };
  /**
   * The audit checkpoint's log interval (default: AUDIT_CHECKPOINT_HOURS; 0: at start only), and
   * the file that keeps the chain's end across restarts (the embedded database: DATA_DIR/audit-chain-end).
   */
  auditCheckpoint?: { intervalMs?: number; chainEndFile?: string };
  /** Told of every route as it is registered (the authorization matrix test reads the route table off it). */
  onRoute?: (route: RouteOptions) => void;
  /** Live events' heartbeat and replay buffer (tests make them short). */
  liveEvents?: Pick<LiveEventsOptions, 'heartbeatMs' | 'replayChanges'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the mail outbox; started when the app is ready, stopped when it closes. */
    mailDispatcher: MailDispatcher;
    /** Sends the webhook deliveries (decision 030); started when the app is ready, stopped when it closes. */
    webhookDispatcher: WebhookDispatcher;
    /** Set when a graceful shutdown begins (http/shutdown.ts): /ready answers 503 from then on. */
    lifecycle: { shuttingDown: boolean };
    /** Deletes expired tokens, keys and old sent mail; started when the app is ready, stopped when it closes. */
    retention: RetentionJob;
    /** Mails each late order once (issue 21); started when the app is ready, stopped when it closes. */
    lateDelivery: LateDeliveryJob;
    /** Logs a checkpoint of the audit chain at start and every AUDIT_CHECKPOINT_HOURS (issue 31). */
    auditCheckpoint: AuditCheckpointJob;
    /** The newest place in the audit chain this server wrote or verified (issue 31). */
    auditChainEnd: ChainEndWatch;
    /** The live event streams (`GET /events`); listening from ready, every stream ended when the app closes. */
    liveEvents: LiveEvents;
  }
}

/**
 * Log settings: structured pino lines with credentials redacted, requests without their query
 * values (a recovery link's token), and errors by their safe fields only (a database error's
 * parameters, SQL and quoted values never reach a line).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: safeError, req: safeRequest },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken'],
      censor: '[redacted]',
    },
  };
}

const isApiRequest = (request: object) => (request as { url?: string }).url?.startsWith(API_PREFIX) === true;

/** Builds the whole HTTP application on the given database; tests call this with their own. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const {
    logger,
    mail,
    webhooks: webhookOptions,
    retention: retentionOptions,
    lateDelivery: lateOptions,
    onRoute,
    liveEvents: liveOptions,
    auditCheckpoint: checkpointOptions,
    ...baseDeps
  } = options;
  // The app's audit rows are chained with the configured key (decision 015).
  useAuditKey(baseDeps.config.auditKey);
  const app = Fastify({
    logger: logger ?? false,
    bodyLimit: baseDeps.config.bodyLimitBytes,
    // Fastify takes a hop count too, though its types leave it out.
    trustProxy: baseDeps.config.trustProxy,
    genReqId: requestIdOf,
    frameworkErrors: frameworkErrorHandler,
    // The UI's files would log two lines each; API requests keep theirs.
    logController: new LogController({ disableRequestLogging: (request) => !isApiRequest(request) }),
  });
  registerRequestIdHeader(app);
  if (onRoute) app.addHook('onRoute', onRoute);
  const mailDispatcher = new MailDispatcher({
    db: baseDeps.db,
    clock: baseDeps.clock,
    transport: mail?.transport ?? configuredTransport(baseDeps.config, app.log),
    log: app.log,
    pollIntervalMs: mail?.pollIntervalMs,
    retryBaseMs:
      baseDeps.config.mailRetryBaseSeconds === undefined
        ? undefined
        : baseDeps.config.mailRetryBaseSeconds * 1000,
  });
  app.decorate('mailDispatcher', mailDispatcher);
  app.decorate('lifecycle', { shuttingDown: false });
  app.addHook('onReady', async () => mailDispatcher.start());
  app.addHook('onClose', () => mailDispatcher.stop());
  const metrics = createMetrics(baseDeps.db, {
    commit: baseDeps.config.commit,
    now: () => baseDeps.clock.now(),
  });
  const webhookDispatcher = new WebhookDispatcher({
    db: baseDeps.db,
    clock: baseDeps.clock,
    log: app.log,
    auditKey: baseDeps.config.auditKey,
    policy: webhookPolicy(baseDeps.config),
    onOutcome: (outcome) => metrics.webhookAttempts.inc({ outcome }),
    ...webhookOptions,
  });
  app.decorate('webhookDispatcher', webhookDispatcher);
  app.addHook('onReady', async () => webhookDispatcher.start());
  app.addHook('onClose', () => webhookDispatcher.stop());
  const { retentionIntervalMinutes, mailRetentionDays } = baseDeps.config;
  const retention = new RetentionJob({
    db: baseDeps.db,
    clock: baseDeps.clock,
    log: app.log,
    intervalMs:
      retentionOptions?.intervalMs ??
      (retentionIntervalMinutes === undefined ? undefined : retentionIntervalMinutes * 60_000),
    mailRetentionDays,
  });
  app.decorate('retention', retention);
  app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', () => retention.stop());
  const { lateCheckIntervalMinutes } = baseDeps.config;
  const lateDelivery = new LateDeliveryJob({
    db: baseDeps.db,
    clock: baseDeps.clock,
    log: app.log,
    publicUrl: baseDeps.config.publicUrl,
    wakeMailer: () => mailDispatcher.wake(),
    wakeWebhooks: () => webhookDispatcher.wake(),
    intervalMs:
      lateOptions?.intervalMs ??
      (lateCheckIntervalMinutes === undefined ? undefined : lateCheckIntervalMinutes * 60_000),
  });
  app.decorate('lateDelivery', lateDelivery);
  app.addHook('onReady', async () => lateDelivery.start());
  app.addHook('onClose', () => lateDelivery.stop());
  // The chain's end as this server writes and verifies it; a later end found behind it moved back.
  const auditChainEnd = new ChainEndWatch(checkpointOptions?.chainEndFile);
  const stopNoting = chainWriterOf(baseDeps.db).onCommitted((head) => auditChainEnd.note(head));
  app.decorate('auditChainEnd', auditChainEnd);
  const auditCheckpoint = new AuditCheckpointJob({
    db: baseDeps.db,
    clock: baseDeps.clock,
    log: app.log,
    auditKey: keyBytes(baseDeps.config.auditKey),
    watch: auditChainEnd,
    intervalMs:
      checkpointOptions?.intervalMs ??
      (baseDeps.config.auditCheckpointHours ?? DEFAULT_AUDIT_CHECKPOINT_HOURS) * 3_600_000,
  });
  app.decorate('auditCheckpoint', auditCheckpoint);
  app.addHook('onReady', async () => auditCheckpoint.start());
  app.addHook('onClose', async () => {
    await auditCheckpoint.stop();
    stopNoting();
    auditChainEnd.flush();
  });
  const liveEvents = new LiveEvents({
    db: baseDeps.db,
    clock: baseDeps.clock,
    log: app.log,
    listen: notificationsOf(baseDeps.db),
    rereadPrincipal: (stream) => streamPrincipal(baseDeps, stream),
    ...liveOptions,
  });
  app.decorate('liveEvents', liveEvents);
  app.addHook('onReady', () => liveEvents.start());
  // Before the server waits for its connections to end: a stream would never end by itself.
  app.addHook('preClose', () => liveEvents.stop());
  registerRequestTiming(app, metrics);
  const deps: AppDeps = {
    ...baseDeps,
    mailer: mailDispatcher,
    webhooks: webhookDispatcher,
    metrics,
    auditChainEnd,
  };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app, baseDeps.config.publicUrl, {
    signingPopups: Boolean(baseDeps.config.oidc),
  });
  // API answers carry tokens and personal data: no browser or proxy keeps a copy (OWASP ASVS 8.2.1).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      // 3.1: its `webhooks` section describes what a study's webhooks receive (decision 030).
      openapi: '3.1.0',
      info: {
        title: 'DoseChain API',
        version: '1.0.0',
        description: 'Radiopharmaceutical dose ordering',
        contact: { name: 'DoseChain support', email: deps.config.supportEmail },
        license: { name: 'Proprietary', identifier: 'LicenseRef-DoseChain-Proprietary' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Integration API keys (decision 027): `Authorization: Bearer dck_…`, on the routes that say so.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'dck_<id>_<secret>',
            description:
              "A study's integration API key, created by staff or admin: `Authorization: Bearer dck_…`. It acts for its study and clinical site with its scopes (orders:read, orders:place); revoked or expired keys get 401, a missing scope or a route keys may not call 403.",
          },
        },
      },
      security: [{ bearer: [] }],
      webhooks: webhookOpenApi(),
    },
    // Schemas with an id in the contract (`.meta({ id })`) become components, referenced by $ref.
    // Then the last pass (openapi-document.ts): Role-Id, response headers, status texts, tags, used components only.
    transformObject: (input) => finishOpenApiDocument(jsonSchemaTransformObject(input)),
    // The zod schemas as JSON Schema, and each operation's id, summary and access (openapi-operation.ts).
    transform: (input) => {
      // A list's answer is documented with whole items, `fields` as a projection of them (list-query.ts).
      const response = input.schema?.response as Record<string, unknown> | undefined;
      const wholePage = wholeItemPageOf(response?.[200]);
      const transformed = jsonSchemaTransform(
        wholePage
          ? { ...input, schema: { ...input.schema, response: { ...response, 200: wholePage } } }
          : input,
      );
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      if (!input.url.startsWith(API_PREFIX)) return transformed;
      const doc = operationDoc(String(method), input.url, input.route.config?.access);
      const own = transformed.schema as Record<string, unknown>;
      // A route's own description follows its access, never replaces it (one that states its
      // access itself, the live events', is kept as it is).
      const ownText = own.description === undefined ? undefined : String(own.description);
      let description = !ownText
        ? doc.description
        : ownText.startsWith('Access:')
          ? ownText
          : `${doc.description}\n\n${ownText}`;
      if (input.route.config?.apiKey === true) {
        own.security = [{ bearer: [] }, { apiKey: [] }];
        description =
          `${description ?? ''} Also open to an integration API key (\`Authorization: Bearer dck_…\`, decision 027) whose scopes grant that permission (orders:read → order.read, orders:place → order.create), for its own study and clinical site only.`.trim();
      }
      return { ...transformed, schema: { ...doc, ...own, description } as typeof transformed.schema };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAccessControl(app, deps);
  app.get(`${API_PREFIX}/openapi.json`, { config: { access: 'public' }, schema: { hide: true } }, () =>
    app.swagger(),
  );
  if (deps.config.metricsToken) registerMetricsRoute(app, metrics, deps.config.metricsToken);
  for (const mod of apiModules) await app.register((scope) => mod(scope, deps), { prefix: API_PREFIX });

  await registerWebApp(app, deps.config.webDist);
  return app;
}
