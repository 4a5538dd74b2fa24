/**
 * Issue 38: a bulk acknowledgement signed through the organisation's provider. A CMO who signs in
 * with the organisation re-authenticates once (prompt=login) and accepts several orders in one
 * batch with that one signature token; the token is then used up (a second batch with it is
 * refused and changes nothing), and each order's audit row says how it was signed.
 */
import { oidcMessages } from '@dosechain/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcCallbackPath } from '../src/kernel/auth/identity-provider.ts';
import { auditLog, orders } from '../src/kernel/db/schema.ts';
import type { TestApp } from './helpers.ts';
import { signInAtProvider, startIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';
import { type OidcDriver, oidcDriver, oidcLogin, providerConfig } from './oidc-test-driver.ts';
import { type orderPlacer, orderTestApp } from './order-fixtures.ts';

const PUBLIC_URL = 'http://dosechain.test';
let idp: TestIdentityProvider;
let t: TestApp;
let place: ReturnType<typeof orderPlacer>;
let drive: OidcDriver;
let cmoToken: string;

beforeAll(async () => {
  idp = await startIdentityProvider({
    redirectUri: `${PUBLIC_URL}${oidcCallbackPath}`,
    accounts: { 'cmo-at-idp': { email: 'cmo@dosechain.example' } },
  });
  ({ t, place } = await orderTestApp({ config: { publicUrl: PUBLIC_URL, oidc: providerConfig(idp) } }));
  drive = oidcDriver(t);
  const { fragment } = await oidcLogin(drive, 'cmo-at-idp');
  cmoToken = (await drive.exchange(fragment.get('oidc')!)).json().accessToken;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const batch = (electronicSignature: string, orderIds: number[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/status-batch',
    headers: { authorization: `Bearer ${cmoToken}` },
    payload: {
      items: orderIds.map((orderId) => ({
        orderId,
        status: 'accepted',
        relatedDatetime: '2027-03-20T09:30',
      })),
      reasonForChange: 'Slots confirmed',
      electronicSignature,
    },
  });
const statusesOf = async (ids: number[]) =>
  (await t.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))).map(
    (o) => o.status,
  );

describe('a bulk acknowledgement signed at the provider', () => {
  it('[P11-037] accepts several orders with one re-authentication, used once, each audit row saying how', async () => {
    const placed = [await place(), await place(), await place()];
    const later = [await place(), await place()];
    // The provider stamps auth_time with the real time, which DoseChain's clock checks: the test
    // clock (the orders' fixed day) moves to now for the signing and back afterwards.
    const shift = Date.now() - t.clock.now().getTime();
    t.clock.advance(shift);
    try {
      const started = await drive.startSignature(cmoToken);
      expect(new URL(started.authorizationUrl).searchParams.get('prompt')).toBe('login');
      const back = await signInAtProvider(started.authorizationUrl, 'cmo-at-idp');
      const token = (await drive.callback(back, started.cookie)).get('token')!;
      expect(token).toMatch(/^oidc-signature\./);

      const res = await batch(
        token,
        placed.map((o) => o.id),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual(
        placed.map((o) => ({ orderId: o.id, ok: true, status: 'accepted' })),
      );
      for (const o of placed) {
        const rows = await t.db
          .select({
            signed: auditLog.signed,
            meaning: auditLog.signatureMeaning,
            actor: auditLog.actorUsername,
          })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entityType, 'orders'),
              eq(auditLog.entityId, o.id),
              eq(auditLog.eventType, 'update'),
            ),
          );
        expect(rows).toEqual([
          { signed: true, meaning: `Accepted Order (re-authenticated at ${idp.issuer})`, actor: 'cmo' },
        ]);
      }

      // The token signed that batch: another batch with it is refused, and nothing changes.
      const again = await batch(
        token,
        later.map((o) => o.id),
      );
      expect(again.statusCode).toBe(400);
      expect(again.json().errors).toEqual([
        expect.objectContaining({
          parameter: 'electronicSignature',
          message: oidcMessages.signatureTokenInvalid,
        }),
      ]);
      expect(await statusesOf(later.map((o) => o.id))).toEqual(['pending', 'pending']);
    } finally {
      t.clock.advance(-shift);
    }
  });
});
