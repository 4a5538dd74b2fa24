import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { FormDialog } from './form-dialog.tsx';
import { FormTextField } from './form-text-field.tsx';
import { SignedChangeFields } from './signed-change-fields.tsx';
import { useSignedForm } from './signed-form.ts';
import { type RecordSubmitOptions, useRecordSubmit } from './use-record-submit.ts';

const nameSchema = z.object({ name: z.string().min(1) });
type Extra = Partial<Pick<RecordSubmitOptions<never, never>, 'success' | 'failure' | 'secretShownOnce'>> & {
  toBody?: (values: { name: string }) => unknown;
};

function Harness({ id, onSaved, ...extra }: { id?: number; onSaved: (saved: unknown) => void } & Extra) {
  const { control, handleSubmit, formState, setError } = useSignedForm(nameSchema, { name: '' });
  const onSubmit = useRecordSubmit({
    resource: '/drugs',
    id,
    entity: 'Drug',
    setError,
    fields: ['name', 'reasonForChange', 'electronicSignature'],
    onSaved,
    ...extra,
  });
  return (
    <FormDialog
      title="Drug"
      onClose={() => onSaved(undefined)}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
    >
      <FormTextField control={control} name="name" label="Name" />
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}

/** The fake API with `save` for the record call. */
const savingApi = (save: (method: string, path: string, body: unknown) => Promise<unknown>) =>
  fakeApi((method, path, opts) => save(method, path, opts?.body));

async function fillAndSave(name = 'F-18 FDG') {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(await screen.findByLabelText(/Please insert your password/), {
    target: { value: 'Demo1234' },
  });
  const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  return button;
}

const refusal = (status: number, code: string, message: string, errors: unknown[] = []) =>
  new ApiError(status, { code, message, errors } as ConstructorParameters<typeof ApiError>[1]);

afterEach(() => vi.restoreAllMocks());

describe('useRecordSubmit', () => {
  it('creates with POST, stays submitting until the answer, toasts and closes once', async () => {
    let answer: (v: unknown) => void = () => {};
    const save = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const onSaved = vi.fn();
    renderWithApp(<Harness onSaved={onSaved} />, { api: savingApi(save) });
    const button = await fillAndSave();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith('POST', '/drugs', {
      name: 'F-18 FDG',
      reasonForChange: '',
      electronicSignature: 'Demo1234',
    });
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    answer({ id: 3, name: 'F-18 FDG' });
    expect(await screen.findByText('Drug created')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('updates with PUT on the record and says so', async () => {
    const save = vi.fn(async () => ({ id: 7 }));
    renderWithApp(<Harness id={7} onSaved={vi.fn()} />, { api: savingApi(save) });
    await fillAndSave();
    expect(await screen.findByText('Drug updated')).toBeTruthy();
    expect(save).toHaveBeenCalledWith('PUT', '/drugs/7', expect.objectContaining({ name: 'F-18 FDG' }));
  });

  it('puts a wrong e-signature on the password field and stays open', async () => {
    const save = vi.fn(async () => {
      throw refusal(400, 'ESIGN_FAILED', 'The password is incorrect, the action was not signed');
    });
    const onSaved = vi.fn();
    renderWithApp(<Harness id={7} onSaved={onSaved} />, { api: savingApi(save) });
    await fillAndSave();
    expect(await screen.findByText('The password is incorrect, the action was not signed')).toBeTruthy();
    expect(screen.queryByText('Error updating the Drug')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("[FRM-016] puts field refusals on their fields, a conflict's message in a toast, else the failure text", async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(
        refusal(400, 'VALIDATION_FAILED', 'The request is not valid', [
          { code: 'not_unique', message: 'This value is already used', parameter: 'name' },
        ]),
      )
      .mockRejectedValueOnce(refusal(409, 'DRUG_IN_USE', "You can't inactivate Drug X because it's in use"))
      .mockRejectedValueOnce(new Error('offline'));
    renderWithApp(<Harness onSaved={vi.fn()} />, { api: savingApi(save) });
    await fillAndSave();
    expect(await screen.findByText('This value is already used')).toBeTruthy();
    await fillAndSave('Ga-68 PSMA');
    expect(await screen.findByText("You can't inactivate Drug X because it's in use")).toBeTruthy();
    await fillAndSave('Tc-99m');
    expect(await screen.findByText('Error creating the Drug')).toBeTruthy();
  });

  it('hands the saved record to `onSaved`, with no toast for a secret shown once', async () => {
    const save = vi.fn(async () => ({ id: 4, name: 'F-18 FDG', secret: 'shown once' }));
    const onSaved = vi.fn();
    renderWithApp(<Harness onSaved={onSaved} secretShownOnce />, { api: fakeApi(save) });
    await fillAndSave();
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({ id: 4, name: 'F-18 FDG', secret: 'shown once' }),
    );
    expect(screen.queryByText('Drug created')).toBeNull();
  });

  it('keeps the saved record in the query cache, unless it holds a secret shown once', async () => {
    const save = vi.fn(async () => ({ id: 4, name: 'F-18 FDG', secret: 'shown once' }));
    const onSaved = vi.fn();
    const kept = renderWithApp(<Harness onSaved={onSaved} />, { api: fakeApi(save) });
    await fillAndSave();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(kept.queryClient.getQueryData(queryKeys.record('/drugs', 4))).toMatchObject({ id: 4 });
    kept.unmount();
    const secret = renderWithApp(<Harness onSaved={onSaved} secretShownOnce />, { api: fakeApi(save) });
    await fillAndSave();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(secret.queryClient.getQueryData(queryKeys.record('/drugs', 4))).toBeUndefined();
  });

  it('[FRM-016] sends the body `toBody` makes and shows the texts the spec gives instead', async () => {
    const save = vi.fn().mockResolvedValueOnce({ id: 1 }).mockRejectedValueOnce(new Error('offline'));
    const extra = {
      success: 'Availability was created!',
      failure: 'Error creating availability',
      toBody: (v: { name: string }) => ({ label: v.name.toUpperCase() }),
    };
    renderWithApp(<Harness onSaved={vi.fn()} {...extra} />, { api: savingApi(save) });
    await fillAndSave();
    expect(await screen.findByText('Availability was created!')).toBeTruthy();
    expect(save).toHaveBeenCalledWith('POST', '/drugs', { label: 'F-18 FDG' });
    await fillAndSave();
    expect(await screen.findByText('Error creating availability')).toBeTruthy();
  });
});
