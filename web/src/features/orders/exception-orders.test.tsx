import {
  allPermissions,
  type CompanyType,
  effectivePermissions,
  type MeUser,
  messages,
  type Permissions,
} from '@dosechain/contract';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../../api/http-client.ts';
import { clearSession, saveTokens } from '../../api/session-storage.ts';
import { renderWithApp } from '../../test/render.tsx';
import { staffRole, testUser } from '../../test/users.ts';
import { ExceptionAffectedWarning } from './exception-orders.tsx';
import { EXCEPTION_AFFECTED_COUNT_KEY } from './orders-grid-query.ts';

function companyUser(
  type: CompanyType,
  permissions: Permissions = effectivePermissions(allPermissions(), type),
) {
  return testUser({
    id: 5,
    username: type,
    permissions,
    currentRole: {
      id: 7,
      name: type,
      type,
      companyId: 3,
      companyName: 'Lakeside Clinical Research',
      companyTimezone: 'America/Chicago',
    },
  });
}

/** An API whose order list answers `total.value` orders on a blacked-out day. */
function renderBanner(user: MeUser, total: { value: number }) {
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  const asked: RequestOptions[] = [];
  const api = vi.fn(async (_method: string, path: string, options: RequestOptions = {}) => {
    if (path === '/users/me') return user;
    if (path === '/orders') {
      asked.push(options);
      return { items: [], total: total.value, page: 1, size: 1 };
    }
    throw new Error(`unexpected ${path}`);
  }) as unknown as HttpClient;
  const view = renderWithApp(
    <>
      <ExceptionAffectedWarning />
      <MarkStale />
    </>,
    { api },
  );
  return { view, asked };
}

/** What the layout's live events do to the count: mark it stale (once it has been answered). */
function MarkStale() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: EXCEPTION_AFFECTED_COUNT_KEY });
  return (
    <button
      type="button"
      disabled={fetching > 0}
      onClick={() => void queryClient.invalidateQueries({ queryKey: EXCEPTION_AFFECTED_COUNT_KEY })}
    >
      stale
    </button>
  );
}

afterEach(() => clearSession());

describe('the exceptions banner', () => {
  it('tells the ordering site how many of its orders are on a day with no manufacture, and to cancel and order again', async () => {
    renderBanner(companyUser('clinical_site'), { value: 2 });
    const banner = await screen.findByRole('alert', { name: 'Manufacturing exceptions' });
    expect(banner.textContent).toContain(messages.exceptionOrdersAffected(2));
    expect(banner.textContent).toContain(messages.exceptionOrdersAdvice.cancel);
    expect(banner.textContent).not.toContain('CMO');
    expect(within(banner).getByRole('link', { name: 'Show them' }).getAttribute('href')).toBe(
      '/orders/status?exception=affected',
    );
  });

  it('asks the server for the blacked-out pending and accepted orders (the server scopes them)', async () => {
    const { asked } = renderBanner(companyUser('imaging_center'), { value: 1 });
    await screen.findByRole('alert', { name: 'Manufacturing exceptions' });
    const filter = JSON.parse(String((asked[0]!.query as Record<string, unknown>).filter));
    expect(filter).toEqual(
      expect.arrayContaining([
        { field: 'status', op: 'in', value: ['pending', 'accepted'] },
        { field: 'manufacture_closed', op: 'eq', value: true },
      ]),
    );
  });

  it('gives the CMO, staff and an imaging center that may not cancel the action each has', async () => {
    const cases: [MeUser, string][] = [
      [companyUser('cmo'), messages.exceptionOrdersAdvice.reject],
      [
        testUser({ permissions: allPermissions(), currentRole: staffRole }),
        messages.exceptionOrdersAdvice.rejectOrCancel,
      ],
    ];
    const noCancel = effectivePermissions(allPermissions(), 'imaging_center');
    noCancel.orderCancel.create = false;
    cases.push([companyUser('imaging_center', noCancel), messages.exceptionOrdersAdvice.askSite]);
    for (const [user, advice] of cases) {
      const { view } = renderBanner(user, { value: 1 });
      const banner = await screen.findByRole('alert', { name: 'Manufacturing exceptions' });
      expect(banner.textContent, user.currentRole?.type).toContain(messages.exceptionOrdersAffected(1));
      expect(banner.textContent, user.currentRole?.type).toContain(advice);
      view.unmount();
      clearSession();
    }
  });

  it('shows nothing while there are none, and appears when its count is made stale (as a live event does)', async () => {
    const total = { value: 0 };
    const { asked } = renderBanner(companyUser('clinical_site'), total);
    const stale = screen.getByRole('button', { name: 'stale' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(stale.disabled).toBe(false));
    expect(asked).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    total.value = 3;
    await act(async () => stale.click());
    const banner = await screen.findByRole('alert', { name: 'Manufacturing exceptions' });
    expect(banner.textContent).toContain(messages.exceptionOrdersAffected(3));
    expect(asked).toHaveLength(2);
  });
});
