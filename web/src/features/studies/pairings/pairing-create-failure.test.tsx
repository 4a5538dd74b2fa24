import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/http-client.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PairingFormDialog } from './pairing-form-dialog.tsx';

const lists: Record<string, object[]> = {
  '/exams': [{ id: 3, name: 'PET Brain', drug: { id: 1, name: 'Fludeoxyglucose F18' }, active: true }],
  '/clinical-sites': [{ id: 4, name: 'Lakeside Clinical Research' }],
  '/cmos': [{ id: 2, name: 'Pacific Radiopharma' }],
};

async function pick(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('adding a pairing', () => {
  it("[CFG-018] that fails for another reason says 'Error creating pairing' and keeps the dialog open", async () => {
    const create = vi.fn();
    const api = fakeApi((method, path, options) => {
      if (method === 'GET') {
        const items = lists[path] ?? [];
        return { items, page: 1, total: items.length };
      }
      create(method, path, options?.body);
      throw new ApiError(500, { code: 'INTERNAL', message: 'boom', errors: [] } as never);
    });
    const onClose = vi.fn();
    renderWithApp(<PairingFormDialog studyId={6} onClose={onClose} />, { api });
    const dialog = await screen.findByRole('dialog', { name: 'Add Pairing' });
    await pick(dialog, /^Exam/, 'PET Brain (Fludeoxyglucose F18)');
    await pick(dialog, /^Clinical Site/, 'Lakeside Clinical Research');
    await pick(dialog, /^CMO/, 'Pacific Radiopharma');
    fireEvent.change(await within(dialog).findByLabelText(/Please insert your password/), {
      target: { value: 'Demo1234' },
    });
    const button = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error creating pairing')).toBeTruthy();
    expect(create).toHaveBeenCalledWith(
      'POST',
      '/studies/6/pairings',
      expect.objectContaining({ examId: 3, siteId: 4, cmoId: 2 }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
