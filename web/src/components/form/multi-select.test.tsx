import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LookupMultiSelect } from './multi-select.tsx';

type Item = { id: number; name: string };

function Harness({ onValue }: { onValue: (ids: number[]) => void }) {
  // The form opens with user #250, past the first 100 the list answers.
  const { control, watch } = useForm<{ userIds: number[] }>({ defaultValues: { userIds: [250] } });
  onValue(watch('userIds'));
  return (
    <LookupMultiSelect
      control={control}
      name="userIds"
      label="Users"
      resource="/users"
      sort="username"
      optionLabel={(u: Item) => u.name}
      initial={[{ value: 250, label: 'User 250' }]}
    />
  );
}

describe('LookupMultiSelect', () => {
  it('searches the server, picks a record past the first 100, and keeps a first value the list does not show', async () => {
    const first = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` }));
    const api = fakeApi((_method, _path, options) =>
      options?.query?.search === 'User 180'
        ? { items: [{ id: 180, name: 'User 180' }], page: 1, total: 1 }
        : { items: first, page: 1, total: 300 },
    );
    const onValue = vi.fn();
    renderWithApp(<Harness onValue={onValue} />, { api });
    // The first value keeps its label though the list does not hold it.
    expect(await screen.findByText('User 250')).toBeTruthy();
    const input = screen.getByRole('combobox', { name: 'Users' });
    fireEvent.mouseDown(input);
    expect(await screen.findByText('Showing the first 100 of 300 — type to narrow')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'User 180' } });
    await waitFor(
      () =>
        expect(api).toHaveBeenCalledWith(
          'GET',
          '/users',
          expect.objectContaining({
            query: expect.objectContaining({ search: 'User 180', sort: 'username' }),
          }),
        ),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    fireEvent.click(screen.getByRole('option', { name: 'User 180' }));
    // Both: the pick did not drop the value the search never listed.
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith([250, 180]));
    expect(screen.getByText('User 250')).toBeTruthy();
    expect(screen.getAllByText('User 180').length).toBeGreaterThan(0);
  });
});
