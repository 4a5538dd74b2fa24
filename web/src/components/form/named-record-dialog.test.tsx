import { studyFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { FormTextField } from './form-text-field.tsx';
import { NamedRecordDialog } from './named-record-dialog.tsx';

/** The fake API with 'Used' taken, and `save` for the record call. */
function savingApi(save: (method: string, path: string, body: unknown) => Promise<unknown>) {
  return fakeApi((method, path, opts) =>
    path === '/check-in-use' ? { inUse: opts?.query?.value === 'Used' } : save(method, path, opts?.body),
  );
}

function renderStudyDialog({
  id,
  api,
  onClose = vi.fn(),
}: {
  id?: number;
  api: HttpClient;
  onClose?: () => void;
}) {
  return renderWithApp(
    <NamedRecordDialog
      entity="Study"
      resource="/studies"
      checkInUse="study"
      schema={studyFieldsSchema}
      id={id}
      defaults={{ name: '', sponsor: '' }}
      onClose={onClose}
    >
      {(control) => (
        <Grid size={12}>
          <FormTextField control={control} name="sponsor" label="Sponsor" required />
        </Grid>
      )}
    </NamedRecordDialog>,
    { api },
  );
}

async function fill(name: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: name } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Sponsor/ }), { target: { value: 'Acme' } });
  fireEvent.change(await screen.findByLabelText(/Please insert your password/), {
    target: { value: 'Demo1234' },
  });
}

describe('NamedRecordDialog', () => {
  it('is Add <entity> with the name first and focused, and will not save a used name', async () => {
    renderStudyDialog({ api: savingApi(vi.fn()) });
    expect(screen.getByRole('dialog', { name: 'Add Study' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Name/ }));
    await fill('Used');
    expect(await screen.findByText('This value is already used', {}, { timeout: 3000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // The field says it in red: the error state, not only the text.
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says which fields keep Save disabled, by their labels', async () => {
    renderStudyDialog({ api: savingApi(vi.fn()) });
    expect(await screen.findByText(/^To save, complete: Name, Sponsor/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Heart' } });
    await waitFor(() => expect(screen.getByText(/^To save, complete: Sponsor/)).toBeTruthy());
  });

  it('closes an untouched dialog on Esc at once', async () => {
    const onClose = vi.fn();
    renderStudyDialog({ api: savingApi(vi.fn()), onClose });
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add Study' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Esc drops unsaved input, and keeps it on Keep editing', async () => {
    const onClose = vi.fn();
    renderStudyDialog({ api: savingApi(vi.fn()), onClose });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Heart' } });
    await waitFor(() => expect(screen.getByText(/^To save, complete: Sponsor/)).toBeTruthy());
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add Study' }), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull(),
    );
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Heart');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add Study' }), { key: 'Escape' });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("is Edit <entity> and puts a server refusal on the record's own field", async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        errors: [{ code: 'too_big', message: 'Longer than maximum length 50', parameter: 'sponsor' }],
      });
    });
    renderStudyDialog({ id: 4, api: savingApi(save) });
    expect(screen.getByRole('dialog', { name: 'Edit Study' })).toBeTruthy();
    await fill('Heart study');
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(button);
    expect(await screen.findByText('Longer than maximum length 50')).toBeTruthy();
    expect(save).toHaveBeenCalledWith('PUT', '/studies/4', {
      name: 'Heart study',
      sponsor: 'Acme',
      reasonForChange: '',
      electronicSignature: 'Demo1234',
    });
  });
});
