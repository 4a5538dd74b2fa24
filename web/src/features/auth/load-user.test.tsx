import { type MeUser, messages } from '@dosechain/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { ApiError, type HttpClient, type RequestOptions } from '../../api/http-client.ts';
import { AuthProvider } from '../../auth/auth-context.tsx';
import { PublicOnly, RequireAuth } from '../../auth/guards.tsx';
import { signalSessionEnded } from '../../auth/session-end-signal.ts';
import { testUser } from '../../test/users.ts';
import LoginPage from './login-page.tsx';

const alice = testUser({ id: 1, username: 'alice', firstName: 'Alice', lastName: 'Example' });
const noAnswer = () =>
  new ApiError(0, { code: 'NO_RESPONSE', message: messages.unexpectedError, errors: [] });
const unauthorized = () => new ApiError(401, { code: 'UNAUTHORIZED', message: 'no', errors: [] });

function Where() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname}
      {location.search}
    </p>
  );
}

/** The app with a stored session; `me` answers each GET /users/me in turn. */
function renderApp(
  path: string,
  me: ((options?: RequestOptions) => Promise<unknown>)[],
  firstUserRequest?: Promise<MeUser>,
) {
  localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
  const calls: (RequestOptions | undefined)[] = [];
  const api = vi.fn(async (method: string, url: string, options?: RequestOptions) => {
    if (url === '/users/me') {
      calls.push(options);
      const answer = me[Math.min(calls.length - 1, me.length - 1)] as (
        o?: RequestOptions,
      ) => Promise<unknown>;
      return answer(options);
    }
    if (method === 'POST' && url === '/auth/login')
      return { accessToken: 'b', refreshToken: 's', user: alice };
    return undefined;
  }) as unknown as HttpClient;
  const page = (
    <RequireAuth>
      <Where />
    </RequireAuth>
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider client={api}>
        <AuthProvider firstUserRequest={firstUserRequest}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route
                path="/login"
                element={
                  <PublicOnly>
                    <LoginPage />
                  </PublicOnly>
                }
              />
              <Route path="*" element={page} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('loading the user of a stored session', () => {
  beforeEach(() => localStorage.clear());

  it('tries again with longer waits when no answer comes, and keeps the session', async () => {
    const calls = renderApp('/orders/status', [
      async () => {
        throw noAnswer();
      },
      async () => alice,
    ]);
    expect(await screen.findByText('at /orders/status', {}, { timeout: 3000 })).toBeTruthy();
    expect(calls.map((c) => [c?.timeoutMs, c?.reportErrors])).toEqual([
      [5000, false],
      [10000, false],
    ]);
    expect(localStorage.getItem('AUTH_TOKEN')).not.toBeNull();
  });

  it('is not logged out when the server never answers: it offers to try again', async () => {
    let reachable = false;
    const calls = renderApp('/', [
      async () => {
        if (!reachable) throw noAnswer();
        return alice;
      },
    ]);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(calls).toHaveLength(3);
    // No generic toast above the panel: it says what happened, one message not two (issue 33).
    expect(calls.map((c) => c?.reportErrors)).toEqual([false, false, false]);
    expect(localStorage.getItem('AUTH_TOKEN')).not.toBeNull();
    reachable = true;
    fireEvent.click(retry);
    expect(await screen.findByText('at /')).toBeTruthy();
  });

  it('says why it waits when the answer is slow', async () => {
    renderApp('/', [() => new Promise<never>(() => undefined)]);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText(messages.sessionLoadSlow)).toBeNull();
    expect(await screen.findByText(messages.sessionLoadSlow, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('when the server never answers, says so and offers to sign out instead of trying again', async () => {
    renderApp('/orders/status', [
      async () => {
        throw noAnswer();
      },
    ]);
    const signOut = await screen.findByRole('button', { name: 'Sign out' }, { timeout: 10_000 });
    expect(screen.getByText(messages.sessionUnreachableTitle)).toBeTruthy();
    expect(screen.getByText(messages.sessionUnreachable)).toBeTruthy();
    fireEvent.click(signOut);
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeTruthy();
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
  });

  it('[AUT-012] a 401 ends the session: the login says so and a new login returns to the page', async () => {
    renderApp('/orders/status?page=2', [
      async () => {
        throw unauthorized();
      },
      async () => alice,
    ]);
    expect(await screen.findByText(messages.sessionEnded)).toBeTruthy();
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo1234' } });
    const button = screen.getByRole('button', { name: 'SIGN IN' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('at /orders/status?page=2')).toBeTruthy();
  });

  it("a 401 seen by any call (the client's signal) ends the session in place", async () => {
    renderApp('/cmo/orders', [async () => alice]);
    expect(await screen.findByText('at /cmo/orders')).toBeTruthy();
    act(() => signalSessionEnded());
    expect(await screen.findByText(messages.sessionEnded)).toBeTruthy();
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
  });

  it('a lock by a wrong e-signature ends the session with the lock on the login, not the usual text (issue 33)', async () => {
    renderApp('/cmo/orders', [async () => alice]);
    expect(await screen.findByText('at /cmo/orders')).toBeTruthy();
    const notice = messages.userLockedUntil('Nov 25, 2026, 04:30 CST');
    act(() => signalSessionEnded(notice));
    expect((await screen.findByRole('alert')).textContent).toBe(notice);
    expect(screen.queryByText(messages.sessionEnded)).toBeNull();
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
    // A later 401 of a call still in flight changes nothing: the session is already over.
    act(() => signalSessionEnded());
    expect((await screen.findByRole('alert')).textContent).toBe(notice);
  });

  it('uses the request for the user started before the first render, and asks no second time', async () => {
    const calls = renderApp('/cmo/orders', [async () => alice], Promise.resolve(alice));
    expect(await screen.findByText('at /cmo/orders')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a 401 answering that early request (nobody listened to its signal yet) ends the session in place', async () => {
    const early = Promise.reject(unauthorized());
    early.catch(() => undefined);
    renderApp('/cmo/orders', [async () => alice], early);
    expect(await screen.findByText(messages.sessionEnded)).toBeTruthy();
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
  });
});
