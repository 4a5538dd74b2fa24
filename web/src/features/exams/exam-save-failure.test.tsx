import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ExamFormDialog } from './exam-form-dialog.tsx';

const fdg = { id: 1, name: 'Fludeoxyglucose F18', active: true };
const exam = {
  id: 5,
  name: 'PET Brain',
  drug: fdg,
  active: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

/** The dialog on a fake API whose save fails with a 500 (no code the form knows). */
function renderFailingSave(props: Parameters<typeof ExamFormDialog>[0]) {
  const save = vi.fn();
  const api = fakeApi((method, path, options) => {
    if (method === 'GET' && path === '/drugs') return { items: [fdg], page: 1, total: 1 };
    if (method === 'GET') return undefined;
    save(method, path, options?.body);
    throw new ApiError(500, { code: 'INTERNAL', message: 'boom', errors: [] } as never);
  });
  renderWithApp(<ExamFormDialog {...props} />, { api });
  return save;
}

async function signAndSave(dialog: HTMLElement) {
  fireEvent.change(await within(dialog).findByLabelText(/Please insert your password/), {
    target: { value: 'Demo1234' },
  });
  const button = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

afterEach(() => vi.restoreAllMocks());

describe('an exam save that fails for another reason', () => {
  it("[CFG-017] on create says 'Error creating Exam'", async () => {
    const save = renderFailingSave({ onClose: vi.fn() });
    const dialog = await screen.findByRole('dialog', { name: 'Add Exam' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'PET Heart' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Drug/ }));
    fireEvent.click(await screen.findByRole('option', { name: fdg.name }));
    await signAndSave(dialog);
    expect(await screen.findByText('Error creating Exam')).toBeTruthy();
    expect(save).toHaveBeenCalledWith(
      'POST',
      '/exams',
      expect.objectContaining({ name: 'PET Heart', drugId: 1 }),
    );
  });

  it("[CFG-017] on edit says 'Error updating Exam'", async () => {
    const save = renderFailingSave({ exam, onClose: vi.fn() });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Exam' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'PET Head' },
    });
    await signAndSave(dialog);
    expect(await screen.findByText('Error updating Exam')).toBeTruthy();
    expect(save).toHaveBeenCalledWith('PUT', '/exams/5', expect.objectContaining({ name: 'PET Head' }));
  });
});
