import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TimezoneSelect } from './timezone-select.tsx';

function Harness() {
  const { control, watch } = useForm<{ timezone: string }>({ defaultValues: { timezone: '' } });
  return (
    <>
      <TimezoneSelect control={control} name="timezone" />
      <output>{watch('timezone')}</output>
    </>
  );
}

describe('TimezoneSelect', () => {
  it('finds a zone by a city in it, shows its offset and the city, and picks the zone', async () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    input.focus();
    fireEvent.change(input, { target: { value: 'Seattle' } });
    // The cities arrive with their chunk: until then only zone names are searched.
    const option = await waitFor(() => screen.getByRole('option'));
    expect(option.textContent).toMatch(/^America\/Los_Angeles \(UTC-0[78]:00\)United States · Seattle$/);
    fireEvent.click(option);
    expect(document.querySelector('output')?.textContent).toBe('America/Los_Angeles');
  });

  it('finds the zones of a country by its name', async () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    input.focus();
    fireEvent.change(input, { target: { value: 'Germany' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent?.split(' (')[0])).toContain(
        'Europe/Berlin',
      ),
    );
    const texts = screen.getAllByRole('option').map((o) => o.textContent);
    expect(texts.filter((t) => !t?.includes('Germany'))).toEqual([]);
  });
});
