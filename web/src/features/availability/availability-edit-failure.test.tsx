import type { Availability } from '@dosechain/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AvailabilityEditDialog } from './availability-edit-dialog.tsx';

const availability = {
  id: 9,
  drug: { id: 1, name: 'Fludeoxyglucose F18' },
  cmo: { id: 2, name: 'Pacific Radiopharma', timezone: 'America/Los_Angeles' },
  doses: 5,
  activityUnit: 'mCi',
  validFrom: '2026-01-05',
  validUntil: '2027-01-05',
  frequency: 'Daily',
  repeat: { every: 1, on: null },
  startTime: '06:00',
  endTime: '10:00',
  active: true,
  createdAt: '2026-01-01T10:00:00.000Z',
} as unknown as Availability;

describe('editing an availability', () => {
  it("[AVL-010] that fails says 'Error updating availability' and keeps the dialog open", async () => {
    const save = vi.fn();
    const api = fakeApi(
      (method, path, options) => {
        save(method, path, options?.body);
        throw new ApiError(500, { code: 'INTERNAL', message: 'boom', errors: [] } as never);
      },
      { reasons: [{ id: 1, name: 'Data entry error' }] },
    );
    const onClose = vi.fn();
    renderWithApp(<AvailabilityEditDialog availability={availability} onClose={onClose} />, { api });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Availability #9' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Reason for change/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Data entry error' }));
    fireEvent.change(await within(dialog).findByLabelText(/Please insert your password/), {
      target: { value: 'Demo1234' },
    });
    const button = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error updating availability')).toBeTruthy();
    expect(save).toHaveBeenCalledWith(
      'PUT',
      '/drug-availabilities/9',
      expect.objectContaining({ validUntil: '2027-01-05' }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
