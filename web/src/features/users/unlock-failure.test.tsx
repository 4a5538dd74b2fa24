import type { User } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { testUser } from '../../test/users.ts';
import { UnlockUserDialog } from './unlock-user-dialog.tsx';

const locked = { ...testUser({ id: 7, username: 'locked' }), lockedOut: true } as unknown as User;

describe('unlocking a user', () => {
  it("[USR-015] that fails says 'Error unlocking the user' and keeps the dialog open", async () => {
    const unlock = vi.fn();
    const api = fakeApi(
      (method, path, options) => {
        unlock(method, path, options?.body);
        throw new ApiError(500, { code: 'INTERNAL', message: 'boom', errors: [] } as never);
      },
      { reasons: [{ id: 1, name: 'Data entry error' }] },
    );
    const onClose = vi.fn();
    renderWithApp(<UnlockUserDialog user={locked} onClose={onClose} />, { api });
    expect(screen.getByText('Unlock User locked?')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Reason for change/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Data entry error' }));
    fireEvent.change(await screen.findByLabelText(/Please insert your password/), {
      target: { value: 'Demo1234' },
    });
    const button = screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error unlocking the user')).toBeTruthy();
    expect(unlock).toHaveBeenCalledWith('PUT', '/users/7/unlock', expect.anything());
    expect(onClose).not.toHaveBeenCalled();
  });
});
