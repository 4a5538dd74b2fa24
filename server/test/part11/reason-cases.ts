/**
 * The changes that need a reason (api-contract "Reason for change": inactivation, unlock,
 * pairing deletion, a manufacturing exception's removal; reject and cancel carry theirs as `comment`). Each is sent without its
 * reason (must be 400 and change nothing at all), then with it (must succeed and record it).
 */
import { configResourceKeys, configResources } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../src/kernel/db/schema.ts';
import { exampleOf, nextTag, refsOf } from '../config-examples.ts';
import type { ExpectedAudit, Part11 } from './fixture.ts';
import {
  availabilityBody,
  create,
  createUser,
  pairingLine,
  placeOrder,
  signed,
  studyWithApiKey,
  studyWithPairing,
  studyWithWebhook,
  webhookUrl,
} from './records.ts';

export interface ReasonCase {
  as: string;
  /** The field that carries the reason. */
  field: 'reasonForChange' | 'comment';
  meaning: string;
  /** Creates the record; answers the full request (reason included) and the rows it writes. */
  prepare: (p: Part11) => Promise<{
    method: 'PUT' | 'DELETE';
    url: string;
    payload: Record<string, unknown>;
    audit: ExpectedAudit[];
  }>;
}

const REASON = 'Other: no longer used';

/** Inactivating a record created through `POST {url}`: `{active: [true, false]}` on it. */
function inactivation(
  url: string,
  label: string,
  body: (p: Part11) => Promise<Record<string, unknown>>,
): ReasonCase {
  return {
    as: 'admin',
    field: 'reasonForChange',
    meaning: `Inactivated ${label}`,
    prepare: async (p) => {
      const id = await create(p, url, await body(p));
      return {
        method: 'PUT',
        url: `${url}/${id}`,
        payload: { active: false, reasonForChange: REASON, ...signed },
        audit: [
          {
            entityType: url.slice(1) as ExpectedAudit['entityType'],
            entityId: id,
            eventType: 'update',
            changeset: { active: [true, false] },
          },
        ],
      };
    },
  };
}

/** Inactivating a record of every toggleable registry entity, created from its example (config-examples.ts). */
const configInactivations = Object.fromEntries(
  configResourceKeys
    .filter((key) => configResources[key].toggleable)
    .map((key) => {
      const { path, label } = configResources[key];
      const body = (p: Part11) => Promise.resolve(exampleOf(key).create(refsOf(p.t.db), nextTag('p11off')));
      const name = label.singular.toLowerCase();
      return [
        `inactivate ${/^[aeio]/.test(name) ? 'an' : 'a'} ${name}`,
        inactivation(path, label.singular, body),
      ];
    }),
);

export const reasonCases: Record<string, ReasonCase> = {
  ...configInactivations,
  'inactivate an availability': inactivation('/drug-availabilities', 'Availability', availabilityBody),
  'unlock a user': {
    as: 'admin',
    field: 'reasonForChange',
    meaning: 'Unlocked User',
    prepare: async (p) => {
      const id = await createUser(p, 'p11lockedout');
      await p.t.db.update(users).set({ lockedOut: true, failedLoginCount: 5 }).where(eq(users.id, id));
      return {
        method: 'PUT',
        url: `/users/${id}/unlock`,
        payload: { reasonForChange: 'Identity checked in person', ...signed },
        audit: [
          { entityType: 'users', entityId: id, eventType: 'update', changeset: { lockedOut: [true, false] } },
        ],
      };
    },
  },
  'delete a pairing': {
    as: 'staff',
    field: 'reasonForChange',
    meaning: 'Deleted Pairing',
    prepare: async (p) => {
      const { studyId, pairingId } = await studyWithPairing(p, 'P11-UNPAIR');
      return {
        method: 'DELETE',
        url: `/studies/${studyId}/pairings/${pairingId}`,
        payload: { reasonForChange: 'Other: wrong CMO', ...signed },
        audit: [
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
  'remove a manufacturing exception': {
    as: 'staff',
    field: 'reasonForChange',
    meaning: 'Removed Availability Exception',
    prepare: async (p) => {
      const id = await create(p, '/drug-availabilities', await availabilityBody(p));
      const exception = await create(p, `/drug-availabilities/${id}/exceptions`, {
        date: '2027-04-08',
        kind: 'changed',
        doses: 2,
        reason: 'Short shift',
      });
      return {
        method: 'DELETE',
        url: `/drug-availabilities/${id}/exceptions/${exception}`,
        payload: { reasonForChange: 'Other: full shift after all', ...signed },
        audit: [
          {
            entityType: 'drug-availabilities',
            entityId: id,
            eventType: 'removed',
            changeset: { 'exception 2027-04-08': ['2 doses: Short shift', null] },
          },
        ],
      };
    },
  },
  'revoke an API key': {
    as: 'staff',
    field: 'reasonForChange',
    meaning: 'Revoked API Key',
    prepare: async (p) => {
      const { studyId, key } = await studyWithApiKey(p, 'P11-KEY-REVOKE');
      return {
        method: 'PUT',
        url: `/studies/${studyId}/api-keys/${key.id}/revoke`,
        payload: { reasonForChange: 'Other: leaked', ...signed },
        audit: [
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
  'disable a webhook': {
    as: 'staff',
    field: 'reasonForChange',
    meaning: 'Disabled Webhook',
    prepare: async (p) => {
      const { studyId, webhookId } = await studyWithWebhook(p, 'P11-WEBHOOK-OFF');
      return {
        method: 'PUT',
        url: `/studies/${studyId}/webhooks/${webhookId}/disable`,
        payload: { reasonForChange: 'Other: receiver retired', ...signed },
        audit: [
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
  'reject an order': {
    as: 'cmo',
    field: 'comment',
    meaning: 'Rejected Order',
    prepare: async (p) => {
      const id = await placeOrder(p, 'P11-REJECT');
      return {
        method: 'PUT',
        url: `/orders/${id}/status`,
        payload: { status: 'rejected', comment: 'Cyclotron maintenance', ...signed },
        audit: [
          {
            entityType: 'orders',
            entityId: id,
            eventType: 'update',
            changeset: { status: ['pending', 'rejected'], rejectionReason: [null, 'Cyclotron maintenance'] },
          },
        ],
      };
    },
  },
  'cancel an order': {
    as: 'site',
    field: 'comment',
    meaning: 'Canceled Order',
    prepare: async (p) => {
      const id = await placeOrder(p, 'P11-CANCEL');
      return {
        method: 'PUT',
        url: `/orders/${id}/status`,
        payload: { status: 'canceled', comment: 'Subject withdrew', ...signed },
        audit: [
          {
            entityType: 'orders',
            entityId: id,
            eventType: 'update',
            changeset: { status: ['pending', 'canceled'], cancelationReason: [null, 'Subject withdrew'] },
          },
        ],
      };
    },
  },
};
