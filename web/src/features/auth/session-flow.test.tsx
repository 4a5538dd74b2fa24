import { messages, storageKeys } from '@dosechain/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { AuthProvider, useAuth } from '../../auth/auth-context.tsx';
import { afterLoginPath, PublicOnly, RequireAuth } from '../../auth/guards.tsx';
import { pageNavigation } from '../../auth/leave-page.ts';
import { staffRole, testUser } from '../../test/users.ts';
import LoginPage from './login-page.tsx';

const userNamed = (username: string) =>
  testUser({
    id: username.length,
    username,
    firstName: username,
    lastName: 'Example',
    currentRole: staffRole,
  });

/** A page only the first user visits: its data comes through the query cache. */
function SecretPage() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const secret = useQuery({ queryKey: ['secret'], queryFn: async () => `secret of ${user?.username}` });
  return (
    <>
      <p>{secret.data}</p>
      <button
        type="button"
        onClick={async () => {
          await logout();
          navigate('/login', { replace: true });
        }}
      >
        Log out
      </button>
    </>
  );
}

let capturedAuth: ReturnType<typeof useAuth> | undefined;

function Dashboard() {
  const auth = useAuth();
  capturedAuth = auth;
  const { user } = auth;
  return <p>dashboard of {user?.username}</p>;
}

let calls: ReturnType<typeof vi.fn>;

function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = vi.fn(async (method: string, url: string, opts?: { body?: { username?: string } }) => {
    if (method === 'POST' && url === '/auth/login') {
      return { accessToken: 'a', refreshToken: 'r', user: userNamed(opts?.body?.username ?? '') };
    }
    // The provider's sign-in handed the login page a code (#oidc=…): carol's session.
    if (method === 'POST' && url === '/auth/oidc/session') {
      return { accessToken: 'a', refreshToken: 'r', user: userNamed('carol') };
    }
    return undefined;
  }) as unknown as HttpClient;
  calls = api as unknown as ReturnType<typeof vi.fn>;
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <AuthProvider>
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
              <Route
                path="/secret"
                element={
                  <RequireAuth>
                    <SecretPage />
                  </RequireAuth>
                }
              />
              <Route
                path="/"
                element={
                  <RequireAuth>
                    <Dashboard />
                  </RequireAuth>
                }
              />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

async function signIn(username: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo1234' } });
  const button = screen.getByRole('button', { name: 'SIGN IN' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

/** What is cached beyond the public settings the login page reads (its identity provider button). */
const userQueries = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => !JSON.stringify(q.queryKey).includes('/app-config'));

describe('the session across users', () => {
  beforeEach(() => localStorage.clear());

  it('a deep link opened while logged out is where the login lands', async () => {
    renderApp('/secret');
    await signIn('alice');
    expect(await screen.findByText('secret of alice')).toBeTruthy();
  });

  it('after a logout, the next user lands on their dashboard and nothing of the last one is cached', async () => {
    const queryClient = renderApp('/secret');
    await signIn('alice');
    expect(await screen.findByText('secret of alice')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeTruthy();
    expect(userQueries(queryClient)).toEqual([]);
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();

    await signIn('bob');
    expect(await screen.findByText('dashboard of bob')).toBeTruthy();
    expect(screen.queryByText(/secret of/)).toBeNull();
  });
});

describe('the logout of a session started at the identity provider', () => {
  let leavePageFor: MockInstance<(url: string) => void>;
  beforeEach(() => {
    localStorage.clear();
    leavePageFor = vi.spyOn(pageNavigation, 'leaveFor').mockImplementation(() => undefined);
  });
  afterEach(() => leavePageFor.mockRestore());

  it("[AUT-020] ends DoseChain's session, then goes to the provider's logout", async () => {
    renderApp('/login#oidc=one-time-code');
    expect(await screen.findByText('dashboard of carol')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.signedInWithProvider)).toBe('1');
    const { logout } = capturedAuth!;
    void logout();
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/api/v1/auth/oidc/logout'));
    const logoutCall = calls.mock.calls.findIndex(([m, u]) => m === 'POST' && u === '/auth/logout');
    expect(logoutCall).toBeGreaterThan(-1);
    expect(calls.mock.invocationCallOrder[logoutCall]!).toBeLessThan(
      leavePageFor.mock.invocationCallOrder[0]!,
    );
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
    expect(localStorage.getItem(storageKeys.signedInWithProvider)).toBeNull();
  });

  it("[AUT-020] leaves a password user's logout as it was: no provider", async () => {
    renderApp('/secret');
    await signIn('alice');
    expect(await screen.findByText('secret of alice')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeTruthy();
    expect(leavePageFor).not.toHaveBeenCalled();
  });
});

describe('a logout in another tab', () => {
  beforeEach(() => localStorage.clear());

  it('ends the session in this tab at once, says so, and the login comes back to the page', async () => {
    const queryClient = renderApp('/secret');
    await signIn('alice');
    expect(await screen.findByText('secret of alice')).toBeTruthy();
    // What the browser does in this tab when another one logs out: the token is gone, an event says so.
    localStorage.removeItem(storageKeys.authToken);
    localStorage.removeItem(storageKeys.roleId);
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.authToken, newValue: null, storageArea: localStorage }),
    );
    expect(await screen.findByText(messages.sessionEnded)).toBeTruthy();
    expect(screen.queryByText(/secret of/)).toBeNull();
    expect(userQueries(queryClient)).toEqual([]);
    await signIn('alice');
    expect(await screen.findByText('secret of alice')).toBeTruthy();
  });

  it('leaves a logged-out tab as it is', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeTruthy();
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.authToken, newValue: null, storageArea: localStorage }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(messages.sessionEnded)).toBeNull();
  });
});

describe('afterLoginPath', () => {
  it('goes back to a deep link opened while logged out', () => {
    expect(afterLoginPath({ from: '/orders/status' }, 'bob')).toBe('/orders/status');
  });

  it('takes the same user back to where their expired session was', () => {
    expect(afterLoginPath({ from: '/orders/7', username: 'alice' }, 'alice')).toBe('/orders/7');
  });

  it("never lands another user on the last user's page", () => {
    expect(afterLoginPath({ from: '/orders/7', username: 'alice' }, 'bob')).toBe('/');
  });

  it('is the dashboard without an origin, or from the login itself', () => {
    expect(afterLoginPath(null, 'bob')).toBe('/');
    expect(afterLoginPath({ from: '/login' }, 'bob')).toBe('/');
  });
});
