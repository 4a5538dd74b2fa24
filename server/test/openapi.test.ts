/**
 * Issue 20: the OpenAPI document names and describes every operation — an operationId (unique),
 * a summary, who may call it (from the access the route declares) — marks public routes as
 * needing no token, and documents the list grammar.
 */
import { webhookEvents } from '@dosechain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf, summaryOf } from '../src/kernel/http/openapi-operation.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; description?: string }[];
}

let t: TestApp;
let operations: { key: string; op: Operation }[];
let document: {
  openapi?: string;
  components?: { schemas?: Record<string, unknown> };
  webhooks?: Record<string, { post: Operation & { requestBody?: unknown } }>;
};
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  document = doc;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId, a summary and its access', () => {
    expect(operations.length).toBeGreaterThan(60);
    const missing = operations.filter(({ op }) => !op.operationId || !op.summary || !op.description);
    expect(missing.map((o) => o.key)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const place = operations.find((o) => o.key === 'POST /api/v1/orders')!.op;
    expect(place).toMatchObject({ operationId: 'postOrders', summary: 'Create order' });
    expect(place.description).toContain('order.create');
  });

  it('says who may call a route that needs any one of several permissions', () => {
    const status = operations.find((o) => o.key === 'PUT /api/v1/orders/{id}/status')!.op;
    expect(status.description).toContain('one of the permissions cmoAcknowledgement.create');
    const events = operations.find((o) => o.key === 'GET /api/v1/events')!.op;
    expect(events.description).toMatch(/^Access: one of the permissions order\.read, order\.create/);
  });

  it('documents the live events route as a text/event-stream of LiveEvent with its Last-Event-ID', () => {
    const events = operations.find((o) => o.key === 'GET /api/v1/events')!.op as Operation & {
      responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
    };
    expect(events.responses['200']!.content!['text/event-stream']!.schema!.$ref).toBe(
      '#/components/schemas/LiveEvent',
    );
    expect(events.responses['429']!.content!['application/json']).toBeDefined();
    expect(events.parameters).toContainEqual(
      expect.objectContaining({ name: 'last-event-id', in: 'header' }),
    );
  });

  it('marks the public routes as needing no token, and only them', () => {
    const open = operations.filter(({ op }) => Array.isArray(op.security) && op.security.length === 0);
    expect(open.map((o) => o.key).sort()).toEqual(
      expect.arrayContaining(['POST /api/v1/auth/login', 'GET /api/v1/health', 'GET /api/v1/ready']),
    );
    for (const { op } of open) expect(op.description).toContain('public');
    const me = operations.find((o) => o.key === 'GET /api/v1/users/me')!.op;
    expect(me.security).toBeUndefined();
  });

  it('documents the integration API key as a security scheme, on the routes that take a key only', () => {
    const schemes = (document.components as { securitySchemes?: Record<string, { bearerFormat?: string }> })
      .securitySchemes;
    expect(schemes?.apiKey?.bearerFormat).toMatch(/^dck_/);
    const withKey = operations.filter(({ op }) => JSON.stringify(op.security ?? []).includes('apiKey'));
    expect(withKey.map((o) => o.key).sort()).toEqual([
      'GET /api/v1/orders',
      'GET /api/v1/orders/{id}',
      'POST /api/v1/orders',
    ]);
    for (const { op } of withKey) {
      expect(op.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
      expect(op.description).toContain('integration API key');
    }
  });

  it('documents the list grammar on list routes', () => {
    const list = operations.find((o) => o.key === 'GET /api/v1/orders')!.op;
    const filter = list.parameters?.find((p) => p.name === 'filter');
    expect(filter?.description).toMatch(/"field","op","value"/);
    expect(list.parameters?.find((p) => p.name === 'sort')?.description).toMatch(/descending/);
  });
});

describe('the OpenAPI components', () => {
  it('holds the entities and the error body once, referenced from the operations', () => {
    const names = Object.keys(document.components?.schemas ?? {});
    for (const name of ['Order', 'Drug', 'Study', 'Company', 'User', 'Group', 'Availability', 'ErrorBody']) {
      expect(names).toContain(name);
    }
    const text = JSON.stringify(operations.find((o) => o.key === 'GET /api/v1/orders/{id}')?.op);
    expect(text).toContain('#/components/schemas/Order');
    expect(text).toContain('#/components/schemas/ErrorBody');
  });
});

describe('the notification log in the OpenAPI document', () => {
  it('documents its routes with their access, and a mail without its body', () => {
    for (const key of [
      'GET /api/v1/mails',
      'GET /api/v1/mails/failed-count',
      'GET /api/v1/mails/{id}',
      'POST /api/v1/mails/{id}/resend',
    ]) {
      const op = operations.find((o) => o.key === key)?.op;
      expect(op?.description, key).toContain('cmoAcknowledgement.read');
    }
    const entry = JSON.stringify(document.components?.schemas?.MailLogEntry);
    expect(entry).toContain('recipients');
    expect(entry).not.toMatch(/body|Body/);
    const resend = operations.find((o) => o.key === 'POST /api/v1/mails/{id}/resend')!.op;
    expect(resend.description).toContain('MAIL_NOT_FAILED');
    // A description that states its access itself (live events) is not given it twice.
    const events = operations.find((o) => o.key === 'GET /api/v1/events')!.op;
    expect(events.description?.match(/Access:/g)).toHaveLength(1);
  });
});

describe('webhooks in the OpenAPI document', () => {
  it('describes one payload per event, with the signature headers and how to verify them (3.1 webhooks)', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks ?? {})).toEqual([...webhookEvents]);
    for (const event of webhookEvents) {
      const op = document.webhooks![event]!.post;
      expect(op.parameters?.map((p) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      expect(op.description).toContain('HMAC-SHA256');
      expect(op.security).toEqual([]);
      // The body is a component, with the order it refers to (every $ref resolves: issue 32).
      const ref = (op.requestBody as { content: Record<string, { schema: { $ref: string } }> }).content[
        'application/json'
      ]!.schema.$ref;
      const name = ref.replace('#/components/schemas/', '');
      const payload = JSON.stringify(document.components?.schemas?.[name]);
      expect(payload).toContain(`"const":"${event}"`);
      expect(payload).toContain('#/components/schemas/WebhookOrder');
      expect(JSON.stringify(document.components?.schemas?.WebhookOrder)).toContain('calibrationDatetime');
    }
    const ids = operations.map(({ op }) => op.operationId);
    const hookIds = webhookEvents.map((e) => document.webhooks![e]!.post.operationId);
    expect(new Set([...ids, ...hookIds]).size).toBe(ids.length + hookIds.length);
  });

  it('documents the webhook routes with their access', () => {
    for (const key of [
      'GET /api/v1/studies/{id}/webhooks',
      'POST /api/v1/studies/{id}/webhooks',
      'PUT /api/v1/studies/{id}/webhooks/{webhookId}/disable',
      'GET /api/v1/studies/{id}/webhooks/{webhookId}/deliveries',
      'POST /api/v1/studies/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
    ]) {
      expect(operations.find((o) => o.key === key)?.op.description, key).toMatch(
        /config\.(read|create|update)/,
      );
    }
  });
});

describe('what the standard tools need (issue 32)', () => {
  const allRefs = (node: unknown): string[] =>
    Array.isArray(node)
      ? node.flatMap(allRefs)
      : typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : allRefs(v)))
        : [];
  const resolve = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);

  it('resolves every $ref, and holds no component nothing refers to', () => {
    const refs = allRefs(document);
    expect(refs.filter((ref) => !ref.startsWith('#/') || resolve(ref) === undefined)).toEqual([]);
    const used = new Set(refs);
    const unused = Object.keys(document.components?.schemas ?? {}).filter(
      (name) => !used.has(`#/components/schemas/${name}`),
    );
    expect(unused).toEqual([]);
  });

  it('declares the Role-Id header on every operation that needs a login, and only there', () => {
    for (const { key, op } of operations) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const roleId = op.parameters?.find((p) => p.name === 'Role-Id');
      expect(roleId === undefined, key).toBe(isPublic);
      if (roleId) expect(roleId).toMatchObject({ in: 'header', required: false });
    }
  });

  it('describes each answer and declares its headers: X-Request-Id always, Retry-After on 429 and 503, Idempotent-Replayed on placement', () => {
    for (const { key, op } of operations) {
      const responses = (op as { responses: Record<string, { description: string; headers?: object }> })
        .responses;
      for (const [status, response] of Object.entries(responses)) {
        expect(response.description, `${key} ${status}`).not.toBe('Default Response');
        const headers = Object.keys(response.headers ?? {});
        expect(headers, `${key} ${status}`).toContain('X-Request-Id');
        if (status === '429' || status === '503')
          expect(headers, `${key} ${status}`).toContain('Retry-After');
      }
    }
    const place = operations.find((o) => o.key === 'POST /api/v1/orders')!.op as {
      responses: Record<string, { headers: Record<string, unknown> }>;
    };
    expect(Object.keys(place.responses['201']!.headers)).toContain('Idempotent-Replayed');
    // Issue 36: the override reason and the order replaced are in the placement's body, its
    // refusals (400 OUT_OF_WINDOW, 409 DUPLICATE_TIMEPOINT) among its error answers.
    const body = JSON.stringify(place);
    expect(body).toContain('"overrideReason"');
    expect(body).toContain('"replacesOrderId"');
    expect(Object.keys(place.responses)).toEqual(expect.arrayContaining(['400', '409']));
  });

  it('documents a list answer with whole items, fields being a projection of them', () => {
    const lists = operations.filter(({ op }) => op.parameters?.some((p) => p.name === 'fields'));
    expect(lists.length).toBeGreaterThan(10);
    for (const { key, op } of lists) {
      const page = (op as { responses: Record<string, { content: Record<string, { schema: unknown }> }> })
        .responses['200']!.content['application/json']!.schema as {
        properties: { items: { items: unknown } };
      };
      const item = page.properties.items.items as { $ref?: string; required?: string[] };
      const whole = (item.$ref ? resolve(item.$ref) : item) as { required?: string[]; properties: object };
      // Whole: every field the item has is required but those the schema itself leaves optional.
      expect(whole.required?.length ?? 0, key).toBeGreaterThan(1);
    }
    const orders = operations.find((o) => o.key === 'GET /api/v1/orders')!.op;
    expect(JSON.stringify(orders)).toContain('"items":{"$ref":"#/components/schemas/Order"}');
    expect(orders.parameters?.find((p) => p.name === 'fields')?.description).toMatch(/projection/);
  });

  it('marks instants as date-time, and answers notes under one name', () => {
    const order = document.components?.schemas?.Order as { properties: Record<string, unknown> };
    for (const field of [
      'calibrationDatetime',
      'createdAt',
      'updatedAt',
      'acceptedAt',
      'projectedDelivery',
    ]) {
      expect(JSON.stringify(order.properties[field]), field).toContain('"format":"date-time"');
    }
    expect(Object.keys(order.properties)).toContain('additionalNotes');
    expect(Object.keys(order.properties)).not.toContain('additional_notes');
  });

  it('declares its tags with a description each, a contact and a license', () => {
    const doc = document as {
      tags?: { name: string; description?: string }[];
      info: Record<string, unknown>;
    };
    const used = new Set(operations.flatMap(({ op }) => (op as { tags?: string[] }).tags ?? []));
    expect(doc.tags?.map((t) => t.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    expect(doc.info.contact).toMatchObject({ email: expect.stringContaining('@') });
    expect(doc.info.license).toMatchObject({ name: expect.any(String) });
  });
});

describe('operation names', () => {
  it('reads the id and summary off the method and path', () => {
    expect(operationIdOf('GET', '/api/v1/drug-availabilities/:id')).toBe('getDrugAvailabilitiesId');
    expect(summaryOf('GET', '/api/v1/drugs')).toBe('List drugs');
    expect(summaryOf('POST', '/api/v1/studies')).toBe('Create study');
    expect(summaryOf('GET', '/api/v1/clinical-sites/:id')).toBe('Get clinical site');
    expect(summaryOf('PUT', '/api/v1/users/:id')).toBe('Update user');
    expect(summaryOf('POST', '/api/v1/orders/status-batch')).toBe('POST orders status batch');
  });
});
