import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SecretShownOnceDialog } from '../secret-shown-once-dialog.tsx';
import { LeaveGuardProvider, useLeaveGuard } from './leave-guard-provider.tsx';
import { leavePageQuestion } from './leave-questions.ts';

/** A page with unsaved input once "Type" is clicked; "Saved" releases it. */
function Form({ what }: { what: string }) {
  const [dirty, setDirty] = useState(false);
  const release = useLeaveGuard(dirty, leavePageQuestion(what));
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Type {what}
      </button>
      <button type="button" onClick={release}>
        Saved {what}
      </button>
    </>
  );
}

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <LeaveGuardProvider>{element}</LeaveGuardProvider> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the leave guard', { timeout: 20_000 }, () => {
  it('lets an untouched page go, asks for a changed one, and Stay keeps it', async () => {
    const router = renderAt(<Form what="the profile" />);
    fireEvent.click(screen.getByRole('button', { name: 'Type the profile' }));
    void router.navigate('/elsewhere');
    const ask = await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' });
    expect(ask.textContent).toContain('Your changes to the profile are not saved and will be lost.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/form');
    void router.navigate('/elsewhere');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('asks each guard with unsaved input, the innermost first', async () => {
    const router = renderAt(
      <>
        <Form what="the page" />
        <Form what="the dialog" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Type the page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Type the dialog' }));
    void router.navigate('/elsewhere');
    const first = await screen.findByRole('dialog');
    expect(first.textContent).toContain('the dialog');
    fireEvent.click(within(first).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(/Your changes to the page/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('goes without asking once the input was saved', async () => {
    const router = renderAt(<Form what="the profile" />);
    fireEvent.click(screen.getByRole('button', { name: 'Type the profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Saved the profile' }));
    void router.navigate('/elsewhere');
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('asks on Esc and on leaving before a secret shown once is dropped; Done closes at once', async () => {
    const onClose = vi.fn();
    const router = renderAt(
      <SecretShownOnceDialog
        title="API Key Created"
        warning="Copy it now"
        summary="EDC"
        label="API key"
        secret="dck_1"
        onClose={onClose}
      />,
    );
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'API Key Created' }), { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Did you copy the API key?' });
    expect(ask.textContent).toContain('It will not be shown again.');
    fireEvent.click(within(ask).getByRole('button', { name: 'No, keep it open' }));
    expect(onClose).not.toHaveBeenCalled();
    void router.navigate('/elsewhere');
    const onLeave = await screen.findByRole('dialog', { name: 'Did you copy the API key?' });
    fireEvent.click(within(onLeave).getByRole('button', { name: 'No, keep it open' }));
    expect(router.state.location.pathname).toBe('/form');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
