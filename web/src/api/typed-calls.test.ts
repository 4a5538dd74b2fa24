import type { MeUser, Order, PlaceOrderAnswer } from '@dosechain/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { HttpClient } from './http-client.ts';

/**
 * Issue 19: the client's calls are checked against the contract's endpoint table. These are
 * checked by the type checker (`npm run typecheck` includes the tests): a `@ts-expect-error`
 * whose line type-checks fails the check, so each line below proves a refusal.
 */
// A client that answers nothing: the calls below run, but what they prove is in their types.
const api = (() => Promise.resolve(undefined)) as unknown as HttpClient;

describe('the typed API client', () => {
  it('gives a call the answer type of its table entry', () => {
    expectTypeOf(api('GET', '/users/me')).resolves.toEqualTypeOf<MeUser>();
    expectTypeOf(api('GET', `/orders/${12}`)).resolves.toEqualTypeOf<Order>();
    const placed = () =>
      api('POST', '/orders', {
        body: {
          studyId: 1,
          siteId: 1,
          examId: 1,
          timePointId: 1,
          imagingCenterId: 1,
          subjectId: 'S-1',
          calibrationDatetime: '2026-11-30T14:00:00.000Z',
        },
      });
    expectTypeOf(placed).returns.resolves.toEqualTypeOf<PlaceOrderAnswer>();
  });

  it('refuses paths, methods and bodies the table does not have', () => {
    // @ts-expect-error no such route
    void api('GET', '/order');
    // @ts-expect-error the order route takes no DELETE
    void api('DELETE', '/orders/3');
    // @ts-expect-error an order's id is a number
    void api('GET', '/orders/abc');
    // @ts-expect-error an order action needs its body
    void api('PUT', '/orders/3/status');
    // @ts-expect-error the body is the table's
    void api('PUT', '/users/me/role', { body: { role: 3 } });
    const me = () => api('GET', '/users/me');
    // @ts-expect-error the answer is the table's: a user has no `orders`
    type _ = Awaited<ReturnType<typeof me>>['orders'];
  });
});
