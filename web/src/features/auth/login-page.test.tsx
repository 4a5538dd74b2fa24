import { messages } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { renderWithApp } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';

const user = {
  id: 1,
  fullName: 'Ada Admin',
  roles: [],
  currentRole: {
    id: null,
    name: 'Admin',
    type: 'admin',
    companyId: null,
    companyName: null,
    companyTimezone: null,
  },
};

async function signIn(username: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo1234' } });
  const button = screen.getByRole('button', { name: 'SIGN IN' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe('the login page', () => {
  it('[AUT-003] keeps SIGN IN disabled until both fields are filled', () => {
    renderWithApp(<LoginPage />, { api: vi.fn() as unknown as HttpClient, path: '/login' });
    expect((screen.getByRole('button', { name: 'SIGN IN' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: "Can't log in?" }).getAttribute('href')).toBe('/reset-password');
  });

  it('[AUT-003] stores the session and goes to the dashboard', async () => {
    const api = vi.fn(async () => ({ accessToken: 'a', refreshToken: 'r', user })) as unknown as HttpClient;
    renderWithApp(<LoginPage />, { api, path: '/login', routes: { '/': <p>dashboard</p> } });
    await signIn('admin');
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('AUTH_TOKEN')!)).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(api).toHaveBeenCalledWith('POST', '/auth/login', {
      query: { includeUser: true },
      body: { username: 'admin', password: 'Demo1234' },
    });
  });

  it('shows the server message on bad credentials', async () => {
    const api = vi.fn(async () => {
      throw new ApiError(401, {
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid username or password',
        errors: [],
      });
    }) as unknown as HttpClient;
    renderWithApp(<LoginPage />, { api, path: '/login' });
    await signIn('admin');
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
  });

  it('puts a refusal naming a field on that field, and leaves a server failure to the generic toast', async () => {
    const failures = [
      new ApiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        errors: [{ code: 'too_big', parameter: 'username', message: 'Longer than maximum length 32' }],
      }),
      new ApiError(0, { code: 'NO_RESPONSE', message: messages.unexpectedError, errors: [] }),
    ];
    // The page also reads the public settings (is there an identity provider button?).
    const api = vi.fn(async (_method: string, path: string) => {
      if (path === '/app-config') return { supportEmail: 'help@x.org', eSignature: true };
      throw failures.shift();
    }) as unknown as HttpClient;
    renderWithApp(<LoginPage />, { api, path: '/login' });
    await signIn('admin');
    const onField = await screen.findByText('Longer than maximum length 32');
    expect(onField.id).toBe(`${screen.getByLabelText('Username').id}-helper-text`);
    expect(screen.queryByText('The request is not valid')).toBeNull();
    await signIn('ada');
    await waitFor(() =>
      expect(vi.mocked(api).mock.calls.filter(([, path]) => path === '/auth/login')).toHaveLength(2),
    );
    // No banner beside the generic toast the HTTP client shows for it.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('limits the username to 32 characters', async () => {
    renderWithApp(<LoginPage />, { api: vi.fn() as unknown as HttpClient, path: '/login' });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'a'.repeat(33) } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo1234' } });
    expect(await screen.findByText('Longer than maximum length 32')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'SIGN IN' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says until when a lock lasts, warns before the last attempt, and asks to wait when attempts are paced (issues 16, 33)', async () => {
    const lockedUntil = messages.userLockedUntil('Nov 25, 2026, 04:30 CST');
    for (const [code, message] of [
      ['USER_LOCKED', lockedUntil],
      ['INVALID_CREDENTIALS', messages.invalidCredentialsLastAttempt(30)],
      ['TOO_MANY_ATTEMPTS', messages.tooManyAttempts],
    ] as const) {
      const api = vi.fn(async () => {
        throw new ApiError(code === 'TOO_MANY_ATTEMPTS' ? 429 : 401, { code, message, errors: [] });
      }) as unknown as HttpClient;
      const { unmount } = renderWithApp(<LoginPage />, { api, path: '/login' });
      await signIn('admin');
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
      unmount();
    }
    expect(lockedUntil).toBe(
      "Your account is locked until Nov 25, 2026, 04:30 CST after too many failed attempts. Try again then, reset your password with “Can't log in?”, or ask a user manager to unlock it.",
    );
    expect(messages.invalidCredentialsLastAttempt(30)).toBe(
      'Invalid username or password. 1 attempt left: one more failed attempt locks the account for 30 minutes.',
    );
    expect(messages.invalidCredentialsLastAttempt(0)).toBe(
      'Invalid username or password. 1 attempt left: one more failed attempt locks the account until a user manager unlocks it.',
    );
  });

  it('[AUT-006] sends an expired password to the expired-password screen with a toast', async () => {
    const api = vi.fn(async () => {
      throw new ApiError(401, { code: 'PASSWORD_EXPIRED', message: 'expired', errors: [] });
    }) as unknown as HttpClient;
    renderWithApp(<LoginPage />, {
      api,
      path: '/login',
      routes: { '/change-expired-password': <p>change it</p> },
    });
    await signIn('expired');
    expect(await screen.findByText('change it')).toBeTruthy();
    expect(await screen.findByText('Your password has expired, please choose a new one')).toBeTruthy();
  });
});
