import { allPermissions } from '@dosechain/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../auth/guards.tsx';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { staffRole, testUser } from '../../test/users.ts';
import RadionuclidesPage from './config-page.tsx';

const staff = testUser({ permissions: allPermissions(), currentRole: staffRole });

const f18 = {
  id: 1,
  name: 'F-18',
  halfLife: 109.77,
  halfLifeUnit: 'min',
  active: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

/** Renders the screen on the fake API with the signed-in staff user, one radionuclide, 'F-18' taken; `save` for the record call. */
function renderScreen(
  save = vi.fn(async (_method: string, _path: string, _body?: unknown) => ({ ...f18, id: 2 })),
) {
  const api = fakeApi((method, path, options) => {
    if (path === '/users/me') return staff;
    if (path === '/check-in-use') {
      const query = options?.query as { value?: string; excludeId?: number };
      return { inUse: String(query.value).toLowerCase() === 'f-18' && query.excludeId !== f18.id };
    }
    if (method === 'GET' && path === '/radionuclides') return { items: [f18], page: 1, total: 1 };
    return save(method, path, options?.body);
  });
  localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
  renderWithApp(
    <RequireAuth>
      <RadionuclidesPage />
    </RequireAuth>,
    { api, path: '/config/radionuclides' },
  );
  return { api, save };
}

describe('the Radionuclides screen (the registry’s generic list page and form)', () => {
  it('is titled from the registry and shows each half-life with its unit', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Radionuclides' })).toBeTruthy();
    const row = (await screen.findByRole('cell', { name: 'F-18' })).closest('tr')!;
    expect(within(row).getByText('109.77 min')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Inactivate' })).toBeTruthy();
  });

  it('adds one: name, half-life as typed, unit, reason and e-signature, sent as the contract says', async () => {
    const { save } = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Radionuclide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Radionuclide' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Rb-82' } });
    const halfLife = within(dialog).getByRole('textbox', { name: /^Half-life/ }) as HTMLInputElement;
    fireEvent.change(halfLife, { target: { value: '1.' } });
    // Kept as typed while it is being written.
    expect(halfLife.value).toBe('1.');
    fireEvent.change(halfLife, { target: { value: '1.2575' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Unit/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'min (minutes)' }));
    fireEvent.change(await within(dialog).findByLabelText(/Please insert your password/), {
      target: { value: 'Demo1234' },
    });
    const button = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(button);
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith('POST', '/radionuclides', {
        name: 'Rb-82',
        halfLife: 1.2575,
        halfLifeUnit: 'min',
        reasonForChange: '',
        electronicSignature: 'Demo1234',
      }),
    );
  }, 30_000);

  it('refuses a half-life that is not a decimal, and a name in use, before sending', async () => {
    const { save } = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Radionuclide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Radionuclide' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Half-life/ }), {
      target: { value: '1e3' },
    });
    expect(within(dialog).getByText('Enter a number: digits with at most one decimal point')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'f-18' } });
    expect(await within(dialog).findByText('This value is already used', {}, { timeout: 3000 })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(save).not.toHaveBeenCalled();
  }, 30_000);

  it('edits one, starting from its half-life and unit', async () => {
    const { save } = renderScreen(vi.fn(async (_method: string, _path: string, _body?: unknown) => f18));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Radionuclide' });
    expect((within(dialog).getByRole('textbox', { name: /^Half-life/ }) as HTMLInputElement).value).toBe(
      '109.77',
    );
    expect(within(dialog).getByRole('combobox', { name: /^Unit/ }).textContent).toBe('min (minutes)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Half-life/ }), {
      target: { value: '109.7' },
    });
    fireEvent.change(await within(dialog).findByLabelText(/Please insert your password/), {
      target: { value: 'Demo1234' },
    });
    const button = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(button);
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        'PUT',
        '/radionuclides/1',
        expect.objectContaining({ name: 'F-18', halfLife: 109.7, halfLifeUnit: 'min' }),
      ),
    );
  }, 30_000);
});
