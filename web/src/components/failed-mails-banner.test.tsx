import { allPermissions, limits, messages } from '@dosechain/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../api/http-client.ts';
import { RequireAuth } from '../auth/guards.tsx';
import { renderWithApp } from '../test/render.tsx';
import { staffRole, testUser } from '../test/users.ts';
import { FailedMailsBanner } from './failed-mails-banner.tsx';

const staff = testUser({ permissions: allPermissions(), currentRole: staffRole });

afterEach(() => {
  vi.useRealTimers();
});

describe('FailedMailsBanner', () => {
  it('shows a mail that fails while the dashboard is open, within a refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failed = 0;
    const api = vi.fn(async (_method: string, path: string) => {
      if (path === '/users/me') return staff;
      if (path === '/mails/failed-count') return { failed };
      throw new Error(`unexpected ${path}`);
    });
    localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
    renderWithApp(
      <RequireAuth>
        <FailedMailsBanner />
      </RequireAuth>,
      { api: api as unknown as HttpClient },
    );
    await vi.waitFor(() => expect(api).toHaveBeenCalledWith('GET', '/mails/failed-count', expect.anything()));
    expect(screen.queryByRole('alert', { name: 'Failed mails' })).toBeNull();

    failed = 2;
    await act(() => vi.advanceTimersByTimeAsync(limits.failedMailsRefreshMs));
    expect((await screen.findByRole('alert', { name: 'Failed mails' })).textContent).toContain(
      messages.mailsFailed(2),
    );
  });
});
