import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGridHints } from './grid-hints.tsx';

function Grid() {
  const hints = useGridHints();
  return (
    <div {...hints.handlers}>
      <button type="button" aria-label="Open Order #7" data-hint="Open">
        <svg data-testid="icon" />
      </button>
      <button type="button" aria-label="Accept" data-hint="Accept">
        ok
      </button>
      <span>no hint here</span>
      {hints.tooltip}
    </div>
  );
}

describe("a grid's one tooltip", () => {
  it('shows the hint of the button under the pointer, from a child of it too', async () => {
    render(<Grid />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseOver(screen.getByTestId('icon'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Open');
    // The next button's hint replaces it, without waiting again.
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Accept'));
  });

  it('closes on a place without a hint, on leaving the grid and on Escape', async () => {
    render(<Grid />);
    const open = screen.getByRole('button', { name: 'Open Order #7' });
    fireEvent.mouseOver(open);
    await screen.findByRole('tooltip');
    fireEvent.mouseOver(screen.getByText('no hint here'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    fireEvent.mouseOver(open);
    await screen.findByRole('tooltip');
    fireEvent.keyDown(open, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    fireEvent.mouseOver(open);
    await screen.findByRole('tooltip');
    fireEvent.mouseLeave(open.parentElement as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens nothing for a hover that moved on before the delay', async () => {
    render(<Grid />);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.mouseOver(screen.getByText('no hint here'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
