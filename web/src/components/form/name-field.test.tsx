import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { NameField } from './name-field.tsx';

afterEach(cleanup);

function Harness({ inUse }: { inUse: boolean }) {
  const { control } = useForm<{ name: string }>({ defaultValues: { name: 'F-18 FDG' } });
  return <NameField control={control} inUse={inUse} />;
}

describe('NameField', () => {
  it('is the required, focused Name, and says when the name is already used', () => {
    render(<Harness inUse />);
    const input = screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.value).toBe('F-18 FDG');
    expect(document.activeElement).toBe(input);
    expect(screen.getByText('This value is already used')).toBeTruthy();
  });

  it('says nothing while the name is free', () => {
    render(<Harness inUse={false} />);
    expect(screen.queryByText('This value is already used')).toBeNull();
  });
});
