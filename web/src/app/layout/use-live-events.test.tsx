import { emptyPermissions, type MeUser } from '@dosechain/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import type { HttpClient, RequestOptions } from '../../api/http-client.ts';
import type { LiveTiming } from '../../api/live-events.ts';
import { clearSession, saveTokens } from '../../api/session-storage.ts';
import { AuthProvider } from '../../auth/auth-context.tsx';
import { FAILED_MAILS_QUERY_KEY } from '../../components/failed-mails-query.ts';
import {
  EXCEPTION_AFFECTED_COUNT_KEY,
  LATE_ORDERS_COUNT_KEY,
} from '../../features/orders/orders-grid-query.ts';
import { testUser } from '../../test/users.ts';
import { useLiveEvents } from './use-live-events.ts';

const timing: LiveTiming = {
  reconnectMs: 5,
  backoffMs: 5,
  maxBackoffMs: 20,
  tooManyMs: 50,
  stableMs: 10_000,
  silenceMs: 10_000,
};

function cmoUser(permissions = emptyPermissions()): MeUser {
  return testUser({
    id: 3,
    username: 'cmo',
    firstName: 'Cara',
    lastName: 'Maker',
    permissions,
    currentRole: {
      id: 1,
      name: 'CMO',
      type: 'cmo',
      companyId: 1,
      companyName: 'Isotope Labs Boston',
      companyTimezone: 'America/New_York',
    },
  });
}

const withOrderRead = () => {
  const permissions = emptyPermissions();
  permissions.order.read = true;
  return permissions;
};

/** An API whose /users/me is `user` and whose /events is a stream the test writes to. */
function fakeApi(user: MeUser) {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const streams: RequestOptions[] = [];
  const api = vi.fn(async (_method: string, path: string, options: RequestOptions = {}) => {
    if (path === '/users/me') return user;
    if (path !== '/events') throw new Error(`unexpected ${path}`);
    streams.push(options);
    return new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  }) as unknown as HttpClient;
  return {
    api,
    streams,
    send: (id: number, event: object) =>
      controller!.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`)),
    /** An event without an id, as the server sends a failed mail. */
    sendNotice: (event: object) => controller!.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
  };
}

function Live() {
  useLiveEvents({ timing, batchMs: 10 });
  return null;
}

function renderLive(api: HttpClient) {
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const keys = {
    orders: ['list', '/orders', { page: 1 }],
    order: ['/orders', 11],
    otherOrder: ['/orders', 12],
    calendar: ['/drug-availabilities/search', 1, 2, 3, '2027-03-01', '2027-04-01'],
    availabilities: ['list', '/drug-availabilities', { page: 1 }],
    drugs: ['list', '/drugs', { page: 1 }],
    exceptionCount: EXCEPTION_AFFECTED_COUNT_KEY,
    lateCount: LATE_ORDERS_COUNT_KEY,
    failedMails: FAILED_MAILS_QUERY_KEY,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <AuthProvider>
          <Live />
        </AuthProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { view, stale, queryClient };
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(test()).toBe(true);
};

afterEach(() => clearSession());

describe('live events in the layout', () => {
  it('opens one stream and makes the order lists, the order and the calendar stale on an order event', async () => {
    const fake = fakeApi(cmoUser(withOrderRead()));
    const { stale } = renderLive(fake.api);
    await until(() => fake.streams.length === 1);
    fake.send(7, {
      type: 'order.placed',
      orderId: 11,
      status: 'pending',
      cmoId: 1,
      siteId: 2,
      imagingCenterId: 3,
    });
    await until(() => stale().length > 0);
    // The dashboards' banners count orders: an order's change refreshes them too.
    expect(stale().sort()).toEqual(['calendar', 'exceptionCount', 'lateCount', 'order', 'orders']);
    fake.send(8, { type: 'availability.changed' });
    await until(() => stale().includes('availabilities'));
    expect(stale()).not.toContain('drugs');
    expect(stale()).not.toContain('failedMails');
    fake.send(9, { type: 'reset' });
    await until(() => stale().includes('drugs'));
    expect(fake.streams).toHaveLength(1);
  });

  it("an availability change refreshes the exceptions banner's count, not the order lists", async () => {
    const fake = fakeApi(cmoUser(withOrderRead()));
    const { stale } = renderLive(fake.api);
    await until(() => fake.streams.length === 1);
    fake.send(7, { type: 'availability.changed' });
    await until(() => stale().length > 0);
    expect(stale().sort()).toEqual(['availabilities', 'calendar', 'exceptionCount']);
  });

  it("a failed mail refreshes the failed-mails banner's count only", async () => {
    const fake = fakeApi(cmoUser(withOrderRead()));
    const { stale } = renderLive(fake.api);
    await until(() => fake.streams.length === 1);
    fake.sendNotice({ type: 'mails.failed' });
    await until(() => stale().length > 0);
    expect(stale()).toEqual(['failedMails']);
  });

  it('closes the stream when the layout goes (logout) and opens none for a role without live screens', async () => {
    const fake = fakeApi(cmoUser(withOrderRead()));
    const { view } = renderLive(fake.api);
    await until(() => fake.streams.length === 1);
    view.unmount();
    expect(fake.streams[0]!.signal!.aborted).toBe(true);

    const none = fakeApi(cmoUser());
    renderLive(none.api);
    await until(() => (none.api as unknown as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(none.streams).toHaveLength(0);
  });
});
