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
  it('asks for the records by name and says, while open, when more match than it lists', async () => {
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
    expect(
      await screen.findByText('Showing the first 100 of 250 by name; type to narrow the list'),
    ).toBeTruthy();
  });
});
