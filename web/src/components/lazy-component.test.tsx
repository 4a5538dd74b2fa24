import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component.tsx';

function NameField({ label }: { label: string }) {
  return <input aria-label={label} />;
}

describe('lazyComponent', () => {
  it('renders at once, without suspending, once its code has been preloaded', async () => {
    const Field = lazyComponent(async () => ({ default: NameField }));
    await Field.preload();
    render(
      <Suspense fallback="Loading…">
        <Field label="Subject" />
      </Suspense>,
    );
    // getByRole throws when the field is not there in this first, synchronous render.
    expect(screen.getByRole('textbox', { name: 'Subject' }).tagName).toBe('INPUT');
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
