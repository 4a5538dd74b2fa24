import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LookupSelect } from './lookup-select.tsx';

function Harness() {
  const { control } = useForm<{ drugId: number | null }>({ defaultValues: { drugId: null } });
  return <LookupSelect control={control} name="drugId" label="Drug" resource="/drugs" />;
}

describe('LookupSelect', () => {
  it('asks for the records by name and says, in its open list, when more match than it lists', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      name: `Drug ${String(i).padStart(3, '0')}`,
    }));
    const api = fakeApi(() => ({ items, page: 1, total: 250 }));
    renderWithApp(<Harness />, { api });
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        'GET',
        '/drugs',
        expect.objectContaining({ query: expect.objectContaining({ size: 100, sort: 'name' }) }),
      ),
    );
    expect(screen.queryByText(/Showing the first/)).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Drug' }));
    const note = await screen.findByText('Showing the first 100 of 250 — type to narrow');
    // In the popup with the options (the open list covers the field's helper text).
    expect(note.closest('.MuiAutocomplete-paper')?.querySelector('[role="listbox"]')).toBeTruthy();
  });

  it('searches the server as the user types, and says nothing once all matches are listed', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `Drug ${i}` }));
    const api = fakeApi((_method, _path, options) =>
      options?.query?.search === 'Drug 42'
        ? { items: [{ id: 43, name: 'Drug 42' }], page: 1, total: 1 }
        : { items, page: 1, total: 106 },
    );
    renderWithApp(<Harness />, { api });
    const input = screen.getByRole('combobox', { name: 'Drug' });
    fireEvent.mouseDown(input);
    expect(await screen.findByText('Showing the first 100 of 106 — type to narrow')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Drug 42' } });
    await waitFor(
      () =>
        expect(api).toHaveBeenCalledWith(
          'GET',
          '/drugs',
          expect.objectContaining({ query: expect.objectContaining({ search: 'Drug 42' }) }),
        ),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(screen.getByRole('option').textContent).toBe('Drug 42');
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });
});
