import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReasonForChangeField } from './reason-for-change.tsx';

let lastValue: unknown;
function Harness() {
  const { control, watch } = useForm<{ reasonForChange: string }>({ defaultValues: { reasonForChange: '' } });
  lastValue = watch('reasonForChange');
  return <ReasonForChangeField control={control} name="reasonForChange" />;
}

const api = fakeApi(undefined, {
  reasons: [
    { id: 1, name: 'Data entry error' },
    { id: 2, name: 'Other' },
  ],
});

describe('ReasonForChangeField', () => {
  it('[FRM-011] uses the chosen reason, and opens a counted free text for Other', async () => {
    renderWithApp(<Harness />, { api });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reason for change' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Data entry error' }));
    await waitFor(() => expect(lastValue).toBe('Data entry error'));
    expect(screen.queryByLabelText('Describe the reason')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reason for change' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Other' }));
    const text = await screen.findByLabelText('Describe the reason');
    expect(text.tagName).toBe('TEXTAREA');
    expect(text.getAttribute('rows')).toBe('5');
    expect(text.getAttribute('maxlength')).toBe('140');
    expect(lastValue).toBe('');
    fireEvent.change(text, { target: { value: 'Sponsor asked' } });
    await waitFor(() => expect(lastValue).toBe('Sponsor asked'));
    expect(screen.getByText('13/140')).toBeTruthy();
  });
});
