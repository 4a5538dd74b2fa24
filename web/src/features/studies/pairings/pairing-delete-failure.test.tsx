import type { Pairing } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/http-client.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PairingDeleteDialog } from './pairing-delete-dialog.tsx';

const pairing = {
  id: 11,
  exam: { id: 3, name: 'PET Brain', drug: { id: 1, name: 'Fludeoxyglucose F18' } },
  site: { id: 4, name: 'Lakeside Clinical Research' },
  cmo: { id: 2, name: 'Pacific Radiopharma' },
  createdAt: '2026-03-01T10:00:00.000Z',
} as unknown as Pairing;

describe('deleting a pairing', () => {
  it("[CFG-018] that fails says 'Error deleting pairing' and keeps the dialog open", async () => {
    const remove = vi.fn();
    const api = fakeApi(
      (method, path, options) => {
        remove(method, path, options?.body);
        throw new ApiError(500, { code: 'INTERNAL', message: 'boom', errors: [] } as never);
      },
      { reasons: [{ id: 1, name: 'Data entry error' }] },
    );
    const onClose = vi.fn();
    renderWithApp(<PairingDeleteDialog studyId={6} pairing={pairing} onClose={onClose} />, { api });
    expect(
      screen.getByText(
        'Delete the pairing of PET Brain (Fludeoxyglucose F18) at Lakeside Clinical Research, made by Pacific Radiopharma?',
      ),
    ).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Reason for change/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Data entry error' }));
    fireEvent.change(await screen.findByLabelText(/Please insert your password/), {
      target: { value: 'Demo1234' },
    });
    const button = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error deleting pairing')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('DELETE', '/studies/6/pairings/11', expect.anything());
    expect(onClose).not.toHaveBeenCalled();
  });
});
