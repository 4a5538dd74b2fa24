import {
  type ListQuery,
  type ListResponse,
  messages,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryResendBody,
  type WebhookDisableBody,
  type WebhookEvent,
  type webhookCreateBodySchema,
  webhookDeliveryStatuses,
  webhookEventLabels,
  webhookEvents,
  webhookUrlKey,
} from '@dosechain/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { fullName } from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { orders, users, webhookDeliveries, webhooks } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, notFound, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import {
  defineListResource,
  type ListItem,
  type ListJoin,
  listAnswer,
  listPlan,
  pageAndTotal,
  withJoins,
} from '../../kernel/http/list-query.ts';
import {
  checkWebhookTarget,
  WebhookUrlRefused,
  webhookPolicy,
} from '../../kernel/webhooks/address-policy.ts';
import { encryptWebhookSecret, generateWebhookSecret } from '../../kernel/webhooks/secret.ts';
import { foundOr404 } from '../shared/index.ts';
import { findStudy } from '../studies/index.ts';

export const webhookList = defineListResource({
  fields: {
    id: { column: webhooks.id, type: 'number', key: 'id' },
    url: { column: webhooks.url, type: 'text', key: 'url' },
    disabled_at: { column: webhooks.disabledAt, type: 'datetime', key: 'disabledAt' },
    created_at: { column: webhooks.createdAt, type: 'datetime', key: 'createdAt' },
  },
  searchFields: ['url'],
  defaultSort: '-created_at',
});

const webhookJoins: ListJoin[] = [{ table: users, on: eq(users.id, webhooks.createdBy) }];

/** Webhooks with their creator: the list's source (`pageAndTotal`). */
function webhookSource(db: Executor) {
  return {
    select: db
      .select({ webhook: webhooks, creatorFirst: users.firstName, creatorLast: users.lastName })
      .from(webhooks)
      .$dynamic(),
    base: webhooks,
    joins: webhookJoins,
  };
}

function selectWebhooks(db: Executor) {
  return withJoins(webhookSource(db).select, webhookJoins);
}
type WebhookRow = Awaited<ReturnType<ReturnType<typeof selectWebhooks>['execute']>>[number];

const knownEvents: ReadonlySet<string> = new Set(webhookEvents);
const asEvents = (events: readonly string[]) => events.filter((e): e is WebhookEvent => knownEvents.has(e));

const toWebhook = (r: WebhookRow): Webhook => ({
  id: r.webhook.id,
  studyId: r.webhook.studyId,
  url: r.webhook.url,
  events: asEvents(r.webhook.events),
  status: r.webhook.disabledAt ? 'disabled' : 'active',
  disabledAt: r.webhook.disabledAt?.toISOString() ?? null,
  disableReason: r.webhook.disableReason,
  consecutiveFailures: r.webhook.consecutiveFailures,
  pausedUntil: r.webhook.pausedUntil?.toISOString() ?? null,
  createdAt: r.webhook.createdAt.toISOString(),
  createdBy: fullName({ firstName: r.creatorFirst, lastName: r.creatorLast }),
});

/** A webhook as one line of the study's audit trail: never its secret. */
const describeWebhook = (w: Webhook) =>
  `#${w.id} ${w.url} · ${w.events.map((e) => webhookEventLabels[e]).join(', ')}`;

async function requireStudy(db: Executor, studyId: number) {
  return foundOr404('studies', await findStudy(db, studyId));
}

async function findWebhook(db: Executor, studyId: number, webhookId: number) {
  if (!isStorableId(webhookId)) return undefined;
  const [row] = await selectWebhooks(db).where(
    and(eq(webhooks.studyId, studyId), eq(webhooks.id, webhookId)),
  );
  return row ? toWebhook(row) : undefined;
}

async function requireWebhook(db: Executor, studyId: number, webhookId: number): Promise<Webhook> {
  await requireStudy(db, studyId);
  const webhook = await findWebhook(db, studyId, webhookId);
  if (!webhook) throw notFound(messages.notFound('Webhook'));
  return webhook;
}

/** `GET /studies/{id}/webhooks`: one page of a study's webhooks (never their secrets). */
export async function listWebhooks(
  ctx: ServiceContext,
  studyId: number,
  query: ListQuery,
): Promise<ListResponse<ListItem<Webhook>>> {
  await requireStudy(ctx.db, studyId);
  const plan = listPlan(webhookList, query, eq(webhooks.studyId, studyId));
  const { rows, total } = await pageAndTotal(ctx.db, plan, webhookSource(ctx.db));
  return listAnswer(plan, rows.map(toWebhook), total);
}

/** The id of the study's active webhook that calls the same endpoint as `url` (`webhookUrlKey`), if any. */
async function activeWebhookAt(db: Executor, studyId: number, url: string): Promise<number | undefined> {
  const key = webhookUrlKey(url);
  const active = await db
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.studyId, studyId), isNull(webhooks.disabledAt)))
    .orderBy(webhooks.id);
  return active.find((w) => webhookUrlKey(w.url) === key)?.id;
}

/**
 * `POST /studies/{id}/webhooks`: checks the URL against the network policy (https, where its
 * host leads: 400 on `url`), generates the signing secret, stores it encrypted and answers it
 * this once. A second active webhook to the same endpoint is a 400 on `url` (decision 045).
 * Signed and audited on the study (the secret never in the audit trail).
 */
export async function createWebhook(
  ctx: ServiceContext,
  studyId: number,
  input: z.output<typeof webhookCreateBodySchema>,
): Promise<WebhookCreated> {
  await requireStudy(ctx.db, studyId);
  try {
    await checkWebhookTarget(input.url, webhookPolicy(ctx.config));
  } catch (err) {
    if (err instanceof WebhookUrlRefused)
      throw validationFailed([{ parameter: 'url', message: err.message }]);
    throw err;
  }
  const secret = generateWebhookSecret();
  return auditedMutation(ctx, input, { meaning: 'Created Webhook' }, async (tx, audit) => {
    // The study's row lock orders concurrent creations, so two of one URL cannot both pass.
    await foundOr404('studies', await findStudy(tx, studyId, true));
    const same = await activeWebhookAt(tx, studyId, input.url);
    if (same !== undefined) {
      throw validationFailed([{ parameter: 'url', message: messages.webhookUrlDuplicate(same) }]);
    }
    const [row] = await tx
      .insert(webhooks)
      .values({
        studyId,
        url: input.url,
        events: webhookEvents.filter((e) => input.events.includes(e)),
        secretCiphertext: encryptWebhookSecret(secret, ctx.config.auditKey),
        createdBy: ctx.actor.user.id,
      })
      .returning({ id: webhooks.id });
    const webhook = (await findWebhook(tx, studyId, row!.id))!;
    await audit({
      entityType: 'studies',
      entityId: studyId,
      eventType: 'added',
      changeset: { webhooks: [null, describeWebhook(webhook)] },
    });
    return { ...webhook, secret };
  });
}

/** `PUT /studies/{id}/webhooks/{webhookId}/disable`: no delivery leaves from then on. Audited on the study. */
export async function disableWebhook(
  ctx: ServiceContext,
  studyId: number,
  webhookId: number,
  input: WebhookDisableBody,
): Promise<Webhook> {
  await requireWebhook(ctx.db, studyId, webhookId);
  return auditedMutation(
    ctx,
    input,
    { meaning: 'Disabled Webhook', requireReason: true },
    async (tx, audit) => {
      const now = ctx.clock.now();
      // Disabled once: a concurrent disabling finds nothing left to disable.
      const changed = await tx
        .update(webhooks)
        .set({ disabledAt: now, disableReason: input.reasonForChange?.trim() ?? null, updatedAt: now })
        .where(and(eq(webhooks.id, webhookId), eq(webhooks.studyId, studyId), isNull(webhooks.disabledAt)))
        .returning({ id: webhooks.id });
      if (changed.length === 0)
        throw new AppError(409, 'INVALID_STATUS_TRANSITION', messages.webhookDisabled);
      const webhook = (await findWebhook(tx, studyId, webhookId))!;
      await audit({
        entityType: 'studies',
        entityId: studyId,
        eventType: 'update',
        changeset: { [`webhook #${webhookId}`]: ['active', `disabled (${webhook.url})`] },
      });
      return webhook;
    },
  );
}

const orderNumber = sql<number>`(select ${orders.number} from ${orders} where ${orders.id} = ${webhookDeliveries.orderId})`;

/** A webhook's delivery log, newest first; the bodies are not answered (the order can be read). */
export const webhookDeliveryList = defineListResource({
  fields: {
    id: { column: webhookDeliveries.id, type: 'number', key: 'id' },
    created_at: { column: webhookDeliveries.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: webhookDeliveries.updatedAt, type: 'datetime', key: 'updatedAt' },
    sent_at: { column: webhookDeliveries.sentAt, type: 'datetime', key: 'sentAt' },
    status: {
      column: webhookDeliveries.status,
      type: 'enum',
      key: 'status',
      values: webhookDeliveryStatuses,
    },
    event: { column: webhookDeliveries.eventType, type: 'enum', key: 'event', values: webhookEvents },
    order_number: { column: orderNumber, type: 'number', key: 'order' },
    attempts: { column: webhookDeliveries.attempts, type: 'number', key: 'attempts' },
    last_error: { column: webhookDeliveries.lastError, type: 'text', key: 'lastError' },
  },
  searchFields: ['last_error'],
  defaultSort: '-created_at',
});

function deliverySource(db: Executor) {
  const select = db
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      deliveryId: webhookDeliveries.deliveryId,
      eventType: webhookDeliveries.eventType,
      orderId: webhookDeliveries.orderId,
      orderNumber,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastError: webhookDeliveries.lastError,
      lastHttpStatus: webhookDeliveries.lastHttpStatus,
      sentAt: webhookDeliveries.sentAt,
      createdAt: webhookDeliveries.createdAt,
      updatedAt: webhookDeliveries.updatedAt,
    })
    .from(webhookDeliveries)
    .$dynamic();
  return { select, base: webhookDeliveries, joins: [] };
}
type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliverySource>['select']['where']>>[number];

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhookId: row.webhookId,
  deliveryId: row.deliveryId,
  // Written by this version from the contract's list; a newer version's event shows as placed.
  event: knownEvents.has(row.eventType) ? (row.eventType as WebhookEvent) : 'order.placed',
  order: { id: row.orderId, number: Number(row.orderNumber) },
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  lastError: row.lastError,
  lastHttpStatus: row.lastHttpStatus,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `GET /studies/{id}/webhooks/{webhookId}/deliveries`: one page of the webhook's delivery log. */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  studyId: number,
  webhookId: number,
  query: ListQuery,
): Promise<ListResponse<ListItem<WebhookDelivery>>> {
  await requireWebhook(ctx.db, studyId, webhookId);
  const plan = listPlan(webhookDeliveryList, query, eq(webhookDeliveries.webhookId, webhookId));
  const { rows, total } = await pageAndTotal(ctx.db, plan, deliverySource(ctx.db));
  return listAnswer(plan, rows.map(toDelivery), total);
}

async function findDelivery(db: Executor, webhookId: number, id: number) {
  if (!isStorableId(id)) return undefined;
  const [row] = await deliverySource(db).select.where(
    and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)),
  );
  return row ? toDelivery(row) : undefined;
}

const notFailed = () =>
  new AppError(409, 'WEBHOOK_DELIVERY_NOT_FAILED', messages.webhookDeliveryNotFailed, [
    { code: 'WEBHOOK_DELIVERY_NOT_FAILED', message: messages.webhookDeliveryNotFailed, parameter: 'status' },
  ]);

/**
 * `POST /studies/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend`: a failed delivery
 * goes back to pending, due now, attempts and error cleared — the same delivery id and body, so
 * a receiver that did get it deduplicates. Only a failed one of an active webhook (409); the
 * update is conditional on the status, so of two resends at once one does it. Signed, audited on
 * the study. The caller wakes the dispatcher after commit.
 */
export async function resendWebhookDelivery(
  ctx: ServiceContext,
  studyId: number,
  webhookId: number,
  id: number,
  body: WebhookDeliveryResendBody,
): Promise<WebhookDelivery> {
  const webhook = await requireWebhook(ctx.db, studyId, webhookId);
  const current = await findDelivery(ctx.db, webhookId, id);
  if (!current) throw notFound(messages.notFound('Webhook delivery'));
  if (current.status !== 'failed') throw notFailed();
  if (webhook.status === 'disabled')
    throw new AppError(409, 'INVALID_STATUS_TRANSITION', messages.webhookDeliveryOfDisabled);
  await auditedMutation(
    ctx,
    body,
    { meaning: 'Resent Webhook Delivery', requireReason: true },
    async (tx, audit) => {
      const now = ctx.clock.now();
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, updatedAt: now })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'failed')))
        .returning({ id: webhookDeliveries.id });
      if (!updated) throw notFailed();
      await audit({
        entityType: 'studies',
        entityId: studyId,
        eventType: 'update',
        changeset: {
          [`webhook #${webhookId} delivery ${current.deliveryId}`]: [
            `failed (${current.attempts} attempts: ${current.lastError ?? ''})`,
            'pending',
          ],
        },
      });
    },
  );
  return (await findDelivery(ctx.db, webhookId, id))!;
}
