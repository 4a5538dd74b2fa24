/**
 * One valid request per mutating route (POST, PUT, PATCH, DELETE) of the app, and the audit
 * rows it must write (Part 11 §11.10(e), Annex 11 §9). `part11.test.ts` collects the routes from
 * the app itself and fails on a mutating route that is in neither table below, so a new route
 * cannot ship without its audit being checked.
 *
 * To add a route: add an entry `'METHOD /api/v1/path/:param'` to `mutatingRoutes` with the
 * request (its reason and e-signature included) and the rows it writes; or, only when the
 * route changes no record, to `unauditedRoutes` with the reason from the spec or a decision.
 */
import { configResourceKeys, configResources } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { mailOutbox } from '../../src/kernel/db/schema.ts';
import { enqueueMail } from '../../src/kernel/mail/outbox.ts';
import { configExamples, exampleOf, nextTag, refsOf } from '../config-examples.ts';
import { DEMO_PASSWORD } from '../helpers.ts';
import type { ExpectedAudit, Part11 } from './fixture.ts';
import {
  apiKeyBody,
  apiKeyLine,
  availabilityBody,
  create,
  createUser,
  failedWebhookDelivery,
  orderBody,
  pairingLine,
  placeOrder,
  signed,
  studyWithApiKey,
  studyWithPairing,
  studyWithWebhook,
  webhookLine,
  webhookUrl,
} from './records.ts';

export interface Prepared {
  url: string;
  payload?: Record<string, unknown>;
  /** The rows the call must write, given its answer. */
  audit: (res: LightMyRequestResponse) => ExpectedAudit[];
}

export interface MutationCase {
  /** The demo user who sends it; null: sent without a login. */
  as: string | null;
  /** The user the rows name when not `as` (an account event names the account's owner). */
  actor?: string;
  status: number;
  /** The e-signature's meaning; null for an account event that is not e-signed. */
  meaning: string | null;
  /** The reason the rows carry when it is not the request's `reasonForChange`. */
  reason?: string;
  /** Creates what the call needs (before the audit mark) and builds the request. */
  prepare: (p: Part11) => Promise<Prepared>;
}

const idOf = (res: LightMyRequestResponse) => res.json().id as number;

/** A new record through `POST {url}`: one `new` row on it with at least the given fields. */
function createCase(
  url: string,
  meaning: string,
  payload: (p: Part11) => Promise<Record<string, unknown>> | Record<string, unknown>,
  changeset: Record<string, [unknown, unknown]>,
  as = 'admin',
): MutationCase {
  return {
    as,
    status: 201,
    meaning,
    prepare: async (p) => ({
      url,
      payload: { ...(await payload(p)), reasonForChange: 'Initial entry', ...signed },
      audit: (res): ExpectedAudit[] => [
        {
          entityType: url.slice(1) as ExpectedAudit['entityType'],
          entityId: idOf(res),
          eventType: 'new',
          changeset,
          atLeast: true,
        },
      ],
    }),
  };
}

/**
 * `POST /<key>` and `PUT /<key>/:id` of every configuration entity of the contract's registry,
 * from its example (config-examples.ts): a create, and an update of a record created from the
 * same example, each with the rows it writes. An entity without an example fails by name.
 */
function configEntityCases(): Record<string, MutationCase> {
  return Object.fromEntries(
    configResourceKeys.flatMap((key): [string, MutationCase][] => {
      const { path, label } = configResources[key];
      const creating: MutationCase = {
        as: configExamples[key]?.as ?? 'admin',
        status: 201,
        meaning: `Created ${label.singular}`,
        prepare: async (p) => {
          const example = exampleOf(key);
          const body = await example.create(refsOf(p.t.db), nextTag('p11'));
          return {
            url: path,
            payload: { ...body, reasonForChange: 'Initial entry', ...signed },
            audit: (res): ExpectedAudit[] => [
              {
                entityType: key,
                entityId: idOf(res),
                eventType: 'new',
                changeset: example.created(body),
                atLeast: true,
              },
            ],
          };
        },
      };
      const updating: MutationCase = {
        as: 'admin',
        status: 200,
        meaning: `Updated ${label.singular}`,
        prepare: async (p) => {
          const example = exampleOf(key);
          const refs = refsOf(p.t.db);
          const tag = nextTag('p11');
          const body = await example.create(refs, tag);
          const id = await create(p, path, body);
          const change = await example.update(refs, tag);
          return {
            url: `${path}/${id}`,
            payload: { ...change, reasonForChange: 'Data entry error', ...signed },
            audit: (): ExpectedAudit[] => [
              {
                entityType: key,
                entityId: id,
                eventType: 'update',
                changeset: example.updated(body, change),
              },
            ],
          };
        },
      };
      return [
        [`POST /api/v1/${key}`, creating],
        [`PUT /api/v1/${key}/:id`, updating],
      ];
    }),
  );
}

export const mutatingRoutes: Record<string, MutationCase> = {
  // Configuration and user management: every registry entity's POST and PUT (config-examples.ts).
  ...configEntityCases(),

  // A study's pairings.
  'POST /api/v1/studies/:id/pairings': {
    as: 'staff',
    status: 201,
    meaning: 'Created Pairing',
    prepare: async (p) => {
      const studyId = await create(p, '/studies', { name: 'P11-PAIRING-ADD', sponsor: 'Eleven Bio' });
      return {
        url: `/studies/${studyId}/pairings`,
        payload: {
          examId: await p.exam('FDG PET Whole Body'),
          siteId: await p.company('Lakeside Clinical Research'),
          cmoId: await p.company('Isotope Labs Boston'),
          reasonForChange: 'Initial entry',
          ...signed,
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'added',
            changeset: { pairings: [null, pairingLine] },
          },
        ],
      };
    },
  },
  'DELETE /api/v1/studies/:id/pairings/:pairingId': {
    as: 'admin',
    status: 204,
    meaning: 'Deleted Pairing',
    prepare: async (p) => {
      const { studyId, pairingId } = await studyWithPairing(p, 'P11-PAIRING-DELETE');
      return {
        url: `/studies/${studyId}/pairings/${pairingId}`,
        payload: { reasonForChange: 'Other: paired by mistake', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'removed',
            changeset: { pairings: [pairingLine, null] },
          },
        ],
      };
    },
  },

  // A study's schedule (issue 36).
  'PUT /api/v1/studies/:id/schedule': {
    as: 'staff',
    status: 200,
    meaning: 'Updated Schedule',
    prepare: async (p) => {
      const studyId = await create(p, '/studies', { name: 'P11-SCHEDULE', sponsor: 'Eleven Bio' });
      return {
        url: `/studies/${studyId}/schedule`,
        payload: {
          anchorTimePointId: await p.timepoint('Baseline'),
          entries: [
            {
              timePointId: await p.timepoint('Screening'),
              dayOffset: -14,
              windowBeforeDays: 7,
              windowAfterDays: 0,
            },
            {
              timePointId: await p.timepoint('Baseline'),
              dayOffset: 0,
              windowBeforeDays: 0,
              windowAfterDays: 0,
            },
          ],
          reasonForChange: 'Protocol v2',
          ...signed,
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'update',
            changeset: {
              schedule: [null, 'Screening day -14 −7/+0; Baseline (anchor) day 0 −0/+0'],
            },
          },
        ],
      };
    },
  },

  // A study's integration API keys (decision 027).
  'POST /api/v1/studies/:id/api-keys': {
    as: 'staff',
    status: 201,
    meaning: 'Created API Key',
    prepare: async (p) => {
      const { studyId } = await studyWithPairing(p, 'P11-API-KEY-ADD');
      return {
        url: `/studies/${studyId}/api-keys`,
        payload: { ...(await apiKeyBody(p, 'P11 EDC')), reasonForChange: 'Initial entry', ...signed },
        audit: (res): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'added',
            changeset: { apiKeys: [null, apiKeyLine(res.json())] },
          },
        ],
      };
    },
  },
  'PUT /api/v1/studies/:id/api-keys/:keyId/revoke': {
    as: 'admin',
    status: 200,
    meaning: 'Revoked API Key',
    prepare: async (p) => {
      const { studyId, key } = await studyWithApiKey(p, 'P11-API-KEY-REVOKE');
      return {
        url: `/studies/${studyId}/api-keys/${key.id}/revoke`,
        payload: { reasonForChange: 'Other: leaked', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'update',
            changeset: { [`apiKey ${key.prefix}`]: ['active', `revoked (${key.name})`] },
          },
        ],
      };
    },
  },

  // A study's webhooks (decision 030).
  'POST /api/v1/studies/:id/webhooks': {
    as: 'staff',
    status: 201,
    meaning: 'Created Webhook',
    prepare: async (p) => {
      const { studyId } = await studyWithPairing(p, 'P11-WEBHOOK-ADD');
      return {
        url: `/studies/${studyId}/webhooks`,
        payload: { url: webhookUrl, events: ['order.placed'], reasonForChange: 'Initial entry', ...signed },
        audit: (res): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'added',
            changeset: { webhooks: [null, webhookLine(idOf(res))] },
          },
        ],
      };
    },
  },
  'PUT /api/v1/studies/:id/webhooks/:webhookId/disable': {
    as: 'admin',
    status: 200,
    meaning: 'Disabled Webhook',
    prepare: async (p) => {
      const { studyId, webhookId } = await studyWithWebhook(p, 'P11-WEBHOOK-DISABLE');
      return {
        url: `/studies/${studyId}/webhooks/${webhookId}/disable`,
        payload: { reasonForChange: 'Other: receiver retired', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'update',
            changeset: { [`webhook #${webhookId}`]: ['active', `disabled (${webhookUrl})`] },
          },
        ],
      };
    },
  },
  'POST /api/v1/studies/:id/webhooks/:webhookId/deliveries/:deliveryId/resend': {
    as: 'staff',
    status: 200,
    meaning: 'Resent Webhook Delivery',
    prepare: async (p) => {
      const { studyId, webhookId, id, deliveryId } = await failedWebhookDelivery(p, 'P11-WEBHOOK-RESEND');
      return {
        url: `/studies/${studyId}/webhooks/${webhookId}/deliveries/${id}/resend`,
        payload: { reasonForChange: 'Receiver repaired', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'studies',
            entityId: studyId,
            eventType: 'update',
            changeset: {
              [`webhook #${webhookId} delivery ${deliveryId}`]: ['failed (8 attempts: HTTP 503)', 'pending'],
            },
          },
        ],
      };
    },
  },

  // Availability (staff/admin).
  'POST /api/v1/drug-availabilities': createCase(
    '/drug-availabilities',
    'Created Availability',
    availabilityBody,
    { drug: [null, 'Fludeoxyglucose F18'], cmo: [null, 'Pacific Radiopharma'], doses: [null, 4] },
    'staff',
  ),
  'PUT /api/v1/drug-availabilities/:id': {
    as: 'admin',
    status: 200,
    meaning: 'Updated Availability',
    prepare: async (p) => {
      const id = await create(p, '/drug-availabilities', await availabilityBody(p));
      return {
        url: `/drug-availabilities/${id}`,
        payload: { validUntil: '2027-07-31', reasonForChange: 'Other: extended', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'drug-availabilities',
            entityId: id,
            eventType: 'update',
            changeset: { validUntil: ['2027-06-30', '2027-07-31'] },
          },
        ],
      };
    },
  },

  // Manufacturing exceptions: rows on their availability (issue 21, decision 026).
  'POST /api/v1/drug-availabilities/:id/exceptions': {
    as: 'staff',
    status: 201,
    meaning: 'Added Availability Exception',
    prepare: async (p) => {
      const id = await create(p, '/drug-availabilities', await availabilityBody(p));
      return {
        url: `/drug-availabilities/${id}/exceptions`,
        payload: {
          date: '2027-04-05',
          kind: 'closed',
          reason: 'Cyclotron maintenance',
          reasonForChange: 'Other: planned',
          ...signed,
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'drug-availabilities',
            entityId: id,
            eventType: 'added',
            changeset: { 'exception 2027-04-05': [null, 'No manufacture: Cyclotron maintenance'] },
          },
        ],
      };
    },
  },
  'PUT /api/v1/drug-availabilities/:id/exceptions/:exceptionId': {
    as: 'admin',
    status: 200,
    meaning: 'Updated Availability Exception',
    prepare: async (p) => {
      const id = await create(p, '/drug-availabilities', await availabilityBody(p));
      const exception = await create(p, `/drug-availabilities/${id}/exceptions`, {
        date: '2027-04-06',
        kind: 'closed',
        reason: 'Holiday',
      });
      return {
        url: `/drug-availabilities/${id}/exceptions/${exception}`,
        payload: {
          kind: 'changed',
          doses: 2,
          reason: 'Half shift',
          reasonForChange: 'Other: reopened',
          ...signed,
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'drug-availabilities',
            entityId: id,
            eventType: 'update',
            changeset: { 'exception 2027-04-06': ['No manufacture: Holiday', '2 doses: Half shift'] },
          },
        ],
      };
    },
  },
  'DELETE /api/v1/drug-availabilities/:id/exceptions/:exceptionId': {
    as: 'admin',
    status: 204,
    meaning: 'Removed Availability Exception',
    prepare: async (p) => {
      const id = await create(p, '/drug-availabilities', await availabilityBody(p));
      const exception = await create(p, `/drug-availabilities/${id}/exceptions`, {
        date: '2027-04-07',
        kind: 'closed',
        reason: 'Holiday',
      });
      return {
        url: `/drug-availabilities/${id}/exceptions/${exception}`,
        payload: { reasonForChange: 'Other: no holiday after all', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'drug-availabilities',
            entityId: id,
            eventType: 'removed',
            changeset: { 'exception 2027-04-07': ['No manufacture: Holiday', null] },
          },
        ],
      };
    },
  },

  // Orders.
  'POST /api/v1/orders': {
    as: 'site',
    status: 201,
    meaning: 'Placed Order',
    prepare: async (p) => ({
      url: '/orders',
      payload: { ...(await orderBody(p, 'P11-PLACE')), reasonForChange: 'Initial entry', ...signed },
      audit: (res): ExpectedAudit[] => [
        {
          entityType: 'orders',
          entityId: idOf(res),
          eventType: 'new',
          changeset: {
            status: [null, 'pending'],
            subjectId: [null, 'P11-PLACE'],
            site: [null, 'Lakeside Clinical Research'],
          },
          atLeast: true,
        },
      ],
    }),
  },
  'PUT /api/v1/orders/:id/status': {
    as: 'cmo',
    status: 200,
    meaning: 'Accepted Order',
    prepare: async (p) => {
      const id = await placeOrder(p, 'P11-ACCEPT');
      return {
        url: `/orders/${id}/status`,
        // 09:30 in Chicago (the imaging center's zone), daylight time: 14:30 UTC.
        payload: {
          status: 'accepted',
          relatedDatetime: '2027-03-20T09:30',
          reasonForChange: 'Other: slot confirmed',
          ...signed,
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'orders',
            entityId: id,
            eventType: 'update',
            changeset: {
              status: ['pending', 'accepted'],
              projectedDelivery: [null, '2027-03-20T14:30:00.000Z'],
            },
          },
        ],
      };
    },
  },

  // Issue 35: the imaging center's record of the injection on a delivered order (staff here: the
  // demo imaging user does not record deliveries). Injected 23:50 in Chicago, 05:50 UTC.
  'PUT /api/v1/orders/:id/administration': {
    as: 'staff',
    status: 200,
    meaning: 'Administered Dose',
    prepare: async (p) => {
      const id = await placeOrder(p, 'P11-ADMINISTER');
      const accept = { status: 'accepted', relatedDatetime: '2027-03-20T09:30', ...signed };
      const deliver = { status: 'delivered', relatedDatetime: '2027-02-28T23:30', ...signed };
      for (const body of [accept, deliver]) {
        const res = await p.send('admin', 'PUT', `/orders/${id}/status`, body);
        if (res.statusCode !== 200) throw new Error(`${body.status}: ${res.statusCode} ${res.body}`);
      }
      return {
        url: `/orders/${id}/administration`,
        payload: {
          administered: true,
          relatedDatetime: '2027-02-28T23:50',
          measuredActivity: 10,
          measuredAt: '2027-02-28T23:40',
          reasonForChange: 'Other: injected as planned',
          ...signed,
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'orders',
            entityId: id,
            eventType: 'update',
            changeset: {
              administration: [
                null,
                expect.objectContaining({ administered: true, injectedAt: '2027-03-01T05:50:00.000Z' }),
              ],
            },
            atLeast: true,
          },
        ],
      };
    },
  },

  // One signature, one audit row per order, each signed with the batch's meaning and reason.
  'POST /api/v1/orders/status-batch': {
    as: 'cmo',
    status: 200,
    meaning: 'Rejected Order',
    reason: 'No cyclotron slot',
    prepare: async (p) => {
      const ids = [await placeOrder(p, 'P11-BATCH-1'), await placeOrder(p, 'P11-BATCH-2')];
      return {
        url: '/orders/status-batch',
        payload: {
          items: ids.map((orderId) => ({ orderId, status: 'rejected', comment: 'No cyclotron slot' })),
          ...signed,
        },
        audit: (): ExpectedAudit[] =>
          ids.map((id) => ({
            entityType: 'orders',
            entityId: id,
            eventType: 'update',
            changeset: { status: ['pending', 'rejected'], rejectionReason: [null, 'No cyclotron slot'] },
          })),
      };
    },
  },

  // The notification log (issue 22): a failed mail back to pending, its attempts reset.
  'POST /api/v1/mails/:id/resend': {
    as: 'staff',
    status: 200,
    meaning: 'Resent Mail',
    prepare: async (p) => {
      const id = await p.t.db.transaction((tx) =>
        enqueueMail(tx, { to: 'p11@failed.example', subject: 'P11 failed mail', text: 'x' }),
      );
      await p.t.db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: 8, lastError: 'connection refused' })
        .where(eq(mailOutbox.id, id));
      return {
        url: `/mails/${id}/resend`,
        payload: { reasonForChange: 'SMTP server repaired', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'mails',
            entityId: id,
            eventType: 'update',
            changeset: {
              status: ['failed', 'pending'],
              attempts: [8, 0],
              lastError: ['connection refused', null],
            },
          },
        ],
      };
    },
  },

  // User management (admin): accounts, roles and groups.
  'PUT /api/v1/users/:id/unlock': {
    as: 'admin',
    status: 200,
    meaning: 'Unlocked User',
    prepare: async (p) => {
      const { id } = await p.user('locked');
      return {
        url: `/users/${id}/unlock`,
        payload: { reasonForChange: 'Identity checked by phone', ...signed },
        audit: (): ExpectedAudit[] => [
          { entityType: 'users', entityId: id, eventType: 'update', changeset: { lockedOut: [true, false] } },
        ],
      };
    },
  },

  // One's own account.
  'PUT /api/v1/users/me': {
    as: 'staff',
    status: 200,
    meaning: 'Updated profile',
    prepare: async (p) => {
      const { id, phone } = await p.user('staff');
      return {
        url: '/users/me',
        payload: { phone: '(617) 555-0111', reasonForChange: 'Other: new desk phone', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'users',
            entityId: id,
            eventType: 'update',
            changeset: { phone: [phone, '+16175550111'] },
          },
        ],
      };
    },
  },
  'PUT /api/v1/users/me/password': {
    as: 'p11own',
    status: 204,
    meaning: null,
    reason: 'Password changed',
    prepare: async (p) => {
      const id = await createUser(p, 'p11own');
      p.secrets.remember('Own-Secret-5678');
      return {
        url: '/users/me/password',
        payload: {
          currentPassword: DEMO_PASSWORD,
          password: 'Own-Secret-5678',
          passwordConfirmation: 'Own-Secret-5678',
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'users',
            entityId: id,
            eventType: 'update',
            changeset: { password: ['[changed]', '[changed]'] },
          },
        ],
      };
    },
  },
  'PUT /api/v1/users/password-change': {
    // The expired-password form (by username); the recovery-link form has its own test.
    as: null,
    actor: 'p11expired',
    status: 204,
    meaning: null,
    reason: 'Password changed',
    prepare: async (p) => {
      const id = await createUser(p, 'p11expired');
      p.secrets.remember('Chosen-Secret-246');
      return {
        url: '/users/password-change',
        payload: { username: 'p11expired', currentPassword: DEMO_PASSWORD, password: 'Chosen-Secret-246' },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'users',
            entityId: id,
            eventType: 'update',
            changeset: { password: ['[changed]', '[changed]'] },
          },
        ],
      };
    },
  },
};

/**
 * Cases beyond one per route, each labelled `METHOD /path: what it shows`: changes that write
 * rows on other records too (members, groups, a drug), checked like the route's own case.
 */
export const moreMutationCases: Record<string, MutationCase> = {
  'PUT /api/v1/exams/:id: a change of drug, audited by name': {
    as: 'staff',
    status: 200,
    meaning: 'Updated Exam',
    prepare: async (p) => {
      const id = await create(p, '/exams', {
        name: 'P11 Amyloid',
        drugId: await p.drug('Fludeoxyglucose F18'),
      });
      return {
        url: `/exams/${id}`,
        payload: { drugId: await p.drug('Florbetapir F18'), reasonForChange: 'Data entry error', ...signed },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'exams',
            entityId: id,
            eventType: 'update',
            changeset: { drug: ['Fludeoxyglucose F18', 'Florbetapir F18'] },
          },
        ],
      };
    },
  },
  'POST /api/v1/groups: with members, each user audited as added': {
    as: 'admin',
    status: 201,
    meaning: 'Created Group',
    prepare: async (p) => {
      const member = await createUser(p, 'p11member');
      return {
        url: '/groups',
        payload: {
          name: 'P11 Readers',
          permissions: { order: { read: true } },
          userIds: [member],
          reasonForChange: 'Initial entry',
          ...signed,
        },
        audit: (res): ExpectedAudit[] => [
          {
            entityType: 'groups',
            entityId: idOf(res),
            eventType: 'new',
            changeset: { name: [null, 'P11 Readers'], users: [null, ['p11member']] },
            atLeast: true,
          },
          {
            entityType: 'users',
            entityId: member,
            eventType: 'added',
            changeset: { groups: [null, 'P11 Readers'] },
          },
        ],
      };
    },
  },
  'POST /api/v1/users: with a role and a group, the group audited as joined': {
    as: 'admin',
    status: 201,
    meaning: 'Created User',
    prepare: async (p) => {
      p.secrets.remember('Welcome-Part11-1');
      const siteUsers = await p.group('Site Users');
      return {
        url: '/users',
        payload: {
          username: 'p11new',
          firstName: 'Nova',
          lastName: 'Eleven',
          email: 'p11new@dosechain.test',
          password: 'Welcome-Part11-1',
          roles: [{ type: 'clinical_site', companyId: await p.company('Lakeside Clinical Research') }],
          groupIds: [siteUsers],
          reasonForChange: 'Initial entry',
          ...signed,
        },
        audit: (res): ExpectedAudit[] => [
          {
            entityType: 'users',
            entityId: idOf(res),
            eventType: 'new',
            changeset: {
              username: [null, 'p11new'],
              roles: [null, ['Clinical Site — Lakeside Clinical Research']],
              groups: [null, ['Site Users']],
              password: [null, '[set]'],
            },
            atLeast: true,
          },
          {
            entityType: 'groups',
            entityId: siteUsers,
            eventType: 'added',
            changeset: { users: [null, 'p11new'] },
          },
        ],
      };
    },
  },
  'PUT /api/v1/users/:id: roles and groups changed, each group audited': {
    // A change of roles and groups.
    as: 'admin',
    status: 200,
    meaning: 'Updated User',
    prepare: async (p) => {
      const [cmoUsers, siteUsers] = [await p.group('CMO Users'), await p.group('Site Users')];
      const id = await createUser(p, 'p11mover', {
        roles: [{ type: 'cmo', companyId: await p.company('Isotope Labs Boston') }],
        groupIds: [cmoUsers],
      });
      return {
        url: `/users/${id}`,
        payload: {
          roles: [{ type: 'clinical_site', companyId: await p.company('Lakeside Clinical Research') }],
          groupIds: [siteUsers],
          reasonForChange: 'Other: moved to the site',
          ...signed,
        },
        audit: (): ExpectedAudit[] => [
          {
            entityType: 'users',
            entityId: id,
            eventType: 'update',
            changeset: {
              roles: [['CMO — Isotope Labs Boston'], ['Clinical Site — Lakeside Clinical Research']],
              groups: [['CMO Users'], ['Site Users']],
            },
          },
          {
            entityType: 'groups',
            entityId: cmoUsers,
            eventType: 'removed',
            changeset: { users: ['p11mover', null] },
          },
          {
            entityType: 'groups',
            entityId: siteUsers,
            eventType: 'added',
            changeset: { users: [null, 'p11mover'] },
          },
        ],
      };
    },
  },
};

export interface UnauditedRoute {
  /** Why the route writes no audit row: it changes no record (spec, api-contract or a decision). */
  why: string;
  as: string | null;
  status: number;
  prepare: (p: Part11) => Promise<{ url: string; payload?: Record<string, unknown> }>;
}

/** Mutating routes that change no record, each still sent once: it must write no audit row. */
export const unauditedRoutes: Record<string, UnauditedRoute> = {
  'POST /api/v1/auth/login': {
    why: 'starts a session (decision 003); only the lock that failed logins cause is audited (api-contract)',
    as: null,
    status: 200,
    prepare: async () => ({ url: '/auth/login', payload: { username: 'imaging', password: DEMO_PASSWORD } }),
  },
  'POST /api/v1/auth/refresh': {
    why: 'rotates a session token; sessions are not records (decision 003)',
    as: null,
    status: 200,
    prepare: async (p) => ({
      url: '/auth/refresh',
      payload: { refreshToken: (await p.login('imaging')).refreshToken },
    }),
  },
  'POST /api/v1/auth/logout': {
    why: 'revokes a session token (decision 003)',
    as: null,
    status: 204,
    prepare: async (p) => ({
      url: '/auth/logout',
      payload: { refreshToken: (await p.login('imaging')).refreshToken },
    }),
  },
  'POST /api/v1/users/password-recovery': {
    why: 'mails a single-use link; the reset it leads to is audited (decision 008)',
    as: null,
    status: 202,
    prepare: async () => ({
      url: '/users/password-recovery',
      payload: { email: 'imaging@dosechain.example' },
    }),
  },
  'POST /api/v1/validate-token': {
    why: 'only reads whether a recovery link is valid',
    as: null,
    status: 200,
    prepare: async () => ({ url: '/validate-token', payload: { token: 'not-a-recovery-token' } }),
  },
  'PUT /api/v1/users/me/role': {
    why: 'changes nothing: the Role-Id header is what counts (api-contract: "only a convenience")',
    as: 'multi',
    status: 200,
    prepare: async (p) => {
      const me = await p.send('multi', 'GET', '/users/me');
      return { url: '/users/me/role', payload: { roleId: me.json().roles[1].id } };
    },
  },
  'POST /api/v1/audit-logs/verify': {
    why: 'verifies the audit trail against a checkpoint; reads only (a POST for its body, issue 31)',
    as: 'staff',
    status: 200,
    prepare: async (p) => ({
      url: '/audit-logs/verify',
      payload: { checkpoint: (await p.send('staff', 'GET', '/audit-logs/checkpoint')).json() },
    }),
  },
  'POST /api/v1/orders/:id/notifications': {
    why: "queues the order's current mail again; no record changes (the outbox keeps each mail's state, decision 008)",
    as: 'cmo',
    status: 202,
    prepare: async (p) => ({ url: `/orders/${await placeOrder(p, 'P11-RESEND')}/notifications` }),
  },
};
