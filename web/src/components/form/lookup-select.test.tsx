import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../api/http-client.ts';
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
    const api = vi.fn(async (_method: string, path: string) => {
      if (path === '/app-config') return { eSignature: true, supportEmail: 'help@dosechain.test' };
      return { items, page: 1, total: 250 };
    }) as unknown as HttpClient;
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
    const api = vi.fn(async (_method: string, path: string, options?: { query?: { search?: string } }) => {
      if (path === '/app-config') return { eSignature: true, supportEmail: 'help@dosechain.test' };
      if (options?.query?.search === 'Drug 42')
        return { items: [{ id: 43, name: 'Drug 42' }], page: 1, total: 1 };
      return { items, page: 1, total: 106 };
    }) as unknown as HttpClient;
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
