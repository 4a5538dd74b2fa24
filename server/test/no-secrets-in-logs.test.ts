import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { SmtpSink, unfoldQuotedPrintable } from './smtp-sink.ts';

// Part 11 / Annex 11: no password, token or Authorization header may reach the logs, even at
// the most verbose level. The app logs through its production logger settings into memory.
const lines: string[] = [];
const memory = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = new SmtpSink();
  await sink.listen();
  const logger = { ...(loggerOptions('trace') as object), stream: memory };
  t = await buildTestApp({ logger, config: { smtpUrl: sink.url, publicUrl: 'https://dosechain.test' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

/** Every value a log line must never contain, collected as the flows below use them. */
const secrets = new Set<string>([DEMO_PASSWORD]);
function remember(...values: string[]): void {
  for (const value of values) {
    secrets.add(value);
    // A JWT's signature is the part that must stay secret even if someone logs it split up.
    const signature = value.split('.')[2];
    if (signature) secrets.add(signature);
  }
}

describe('logs at level trace', () => {
  it('hold no password, token or Authorization value through the credential flows', async () => {
    const wrong = 'Wrong-Guess-987';
    remember(wrong);
    expect((await post('/auth/login', { username: 'staff', password: wrong })).statusCode).toBe(401);

    const login = await post('/auth/login', { username: 'staff', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    const first = login.json() as { accessToken: string; refreshToken: string };
    remember(first.accessToken, first.refreshToken, `Bearer ${first.accessToken}`);

    const refreshed = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const session = refreshed.json() as { accessToken: string; refreshToken: string };
    remember(session.accessToken, session.refreshToken);
    // Presenting the rotated token again is logged as a security event, with the token left out.
    expect((await post('/auth/refresh', { refreshToken: first.refreshToken })).statusCode).toBe(401);

    const admin = await post('/auth/login', { username: 'admin', password: DEMO_PASSWORD });
    const adminAuth = { authorization: `Bearer ${(admin.json() as { accessToken: string }).accessToken}` };
    remember(
      adminAuth.authorization.slice('Bearer '.length),
      (admin.json() as { refreshToken: string }).refreshToken,
    );
    const drug = await post(
      '/drugs',
      { name: 'Flotufolastat F18', electronicSignature: DEMO_PASSWORD },
      adminAuth,
    );
    expect(drug.statusCode).toBe(201);
    const badSignature = await post(
      '/drugs',
      { name: 'Gallium Ga68 Gozetotide', electronicSignature: wrong },
      adminAuth,
    );
    expect(badSignature.statusCode).toBe(400);

    const fresh = 'Fresh-Secret-4321';
    remember(fresh);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { currentPassword: DEMO_PASSWORD, password: fresh, passwordConfirmation: fresh },
    });
    expect(changed.statusCode).toBe(204);

    expect((await post('/users/password-recovery', { email: 'site@dosechain.example' })).statusCode).toBe(
      202,
    );
    const mail = await sink.waitFor((m) => m.to.includes('site@dosechain.example'));
    const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(unfoldQuotedPrintable(mail.raw))?.[1];
    if (!token) throw new Error(`no recovery link in:\n${mail.raw}`);
    const recovered = 'Recovered-Secret-55';
    remember(token, recovered);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change',
      payload: { token, password: recovered },
    });
    expect(reset.statusCode).toBe(204);

    // The scan only means something if the requests were logged in detail.
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages.filter((m) => m === 'incoming request').length).toBeGreaterThanOrEqual(10);
    expect(lines.some((line) => line.includes('refresh_token.reused'))).toBe(true);

    const leaks = lines.flatMap((line) =>
      [...secrets].filter((secret) => line.includes(secret)).map((secret) => ({ secret, line })),
    );
    expect(leaks).toEqual([]);
  });
});
