import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { memoryLog } from './part11/fixture.ts';

const log = memoryLog();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logger: { ...(loggerOptions('info') as object), stream: log.stream } });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const linesOf = (reqId: string) =>
  log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === reqId);

describe('request ids', () => {
  it('takes a valid incoming X-Request-Id, answers it and logs the request under it', async () => {
    const id = 'lb-trace:2026.11.26_abc-123';
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    expect(linesOf(id).map((line) => line.msg)).toContain('request completed');
  });

  it('replaces a missing, overlong or unsafe id with a new UUID', async () => {
    for (const header of [undefined, 'x'.repeat(129), 'a b', 'id\u00e9', '', 'a/b', '{"x":1}']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      expect(res.headers['x-request-id'], String(header)).toMatch(UUID);
    }
    const max = 'A'.repeat(128);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': max },
    });
    expect(res.headers['x-request-id']).toBe(max);
  });

  it('answers the id on an error too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'x-request-id': 'r-401' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('r-401');
  });

  it('logs the user id and the active role id once the request is authenticated', async () => {
    const res = await t.request('cmo', {
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'x-request-id': 'r-me' },
    });
    expect(res.statusCode).toBe(200);
    const me = res.json() as { id: number; currentRole: { id: number } };
    const completed = linesOf('r-me').find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ userId: me.id, roleId: me.currentRole.id });
    // Before authentication a line names nobody.
    const received = linesOf('r-me').find((line) => line.msg === 'incoming request');
    expect(received?.userId).toBeUndefined();
  });
});
