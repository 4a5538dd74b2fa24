import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { renderWithApp } from '../../test/render.tsx';
import PasswordResetPage from './password-reset-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

const BROKEN =
  'The recovery link you selected is broken. Re-submit your email address to receive a new recovery link.';

async function submit(name: string) {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe('the recovery request page', () => {
  it('[AUT-004] sends the address and confirms, whatever the address', async () => {
    const api = vi.fn(async () => undefined) as unknown as HttpClient;
    renderWithApp(<ResetPasswordPage />, { api, path: '/reset-password' });
    expect((screen.getByRole('button', { name: 'Send recovery link' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } });
    await submit('Send recovery link');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('ada@example.test');
    expect(api).toHaveBeenCalledWith('POST', '/users/password-recovery', {
      body: { email: 'ada@example.test' },
    });
  });
});

describe('the page a recovery link opens', () => {
  const routes = { '/reset-password': <ResetPasswordPage />, '/login': <p>login page</p> };

  it('sends a link the server calls invalid back to /reset-password with the broken-link message', async () => {
    const api = vi.fn(async () => ({ valid: false })) as unknown as HttpClient;
    renderWithApp(<PasswordResetPage />, { api, path: '/password-reset', search: '?token=used', routes });
    expect(await screen.findByText(BROKEN)).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      'POST',
      '/validate-token',
      expect.objectContaining({ body: { token: 'used' } }),
    );
  });

  it('treats a link without a token as broken', async () => {
    const api = vi.fn() as unknown as HttpClient;
    renderWithApp(<PasswordResetPage />, { api, path: '/password-reset', routes });
    expect(await screen.findByText(BROKEN)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it('sets the new password with the token, then goes to login', async () => {
    const api = vi.fn(async (_method: string, path: string) =>
      path === '/validate-token' ? { valid: true } : undefined,
    ) as unknown as HttpClient;
    renderWithApp(<PasswordResetPage />, { api, path: '/password-reset', search: '?token=good', routes });
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'Fresh1234' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Fresh1234' } });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await submit('Change Password');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('PUT', '/users/password-change', {
      body: { token: 'good', password: 'Fresh1234' },
    });
  });

  it('goes back to /reset-password when the link was used up while the form was open', async () => {
    const api = vi.fn(async (_method: string, path: string) => {
      if (path === '/validate-token') return { valid: true };
      throw new ApiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        errors: [
          { code: 'invalid', message: 'The recovery link is invalid or has expired', parameter: 'token' },
        ],
      });
    }) as unknown as HttpClient;
    renderWithApp(<PasswordResetPage />, { api, path: '/password-reset', search: '?token=raced', routes });
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'Fresh1234' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Fresh1234' } });
    await submit('Change Password');
    expect(await screen.findByText(BROKEN)).toBeTruthy();
  });
});
