import { render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type LazyComponent, lazyComponent, useLoadedCode } from './lazy-component.tsx';

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

/** Shows the error that reached it, as the route's error boundary receives it. */
class ShowError extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

function FieldPart({ field }: { field: LazyComponent<{ label: string }> }) {
  const Field = useLoadedCode(field);
  return Field ? <Field label="Subject" /> : <p>Loading the field</p>;
}

describe('useLoadedCode', () => {
  it('shows the placeholder, then the part once its code is in', async () => {
    const Field = lazyComponent(async () => ({ default: NameField }));
    render(<FieldPart field={Field} />);
    expect(screen.getByText('Loading the field').tagName).toBe('P');
    expect((await screen.findByRole('textbox', { name: 'Subject' })).tagName).toBe('INPUT');
  });

  it('hands a failed load to the error boundary instead of loading for ever', async () => {
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/orders-grid.js');
    const Field = lazyComponent<{ label: string }>(() => Promise.reject(failed));
    // React reports the error that reached a boundary on the console; the test reads the screen.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <ShowError>
          <FieldPart field={Field} />
        </ShowError>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(String(failed));
      expect(screen.queryByText('Loading the field')).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
