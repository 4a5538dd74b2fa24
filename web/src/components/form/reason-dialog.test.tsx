import { messages } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const api = fakeApi(undefined, {
  reasons: [
    { id: 1, name: 'Data entry error' },
    { id: 2, name: 'Other' },
  ],
});

function renderDialog(props: {
  onConfirm: () => Promise<unknown>;
  onClose?: () => void;
  reasonRequired?: boolean;
}) {
  const onClose = props.onClose ?? vi.fn();
  renderWithApp(
    <ReasonDialog
      title="Unlock User"
      question="Unlock User jdoe?"
      submitLabel="Unlock"
      success="User successfully unlocked"
      failure="Error unlocking user"
      {...props}
      onClose={onClose}
    />,
    { api },
  );
  return { button: screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement, onClose };
}

async function chooseReason() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Reason for change/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Data entry error' }));
}

const typePassword = async () =>
  fireEvent.change(await screen.findByLabelText(/Please insert your password/), {
    target: { value: 'Demo1234' },
  });

describe('ReasonDialog', () => {
  it('asks its question and sends only once a reason and the password are in', async () => {
    const onConfirm = vi.fn(async () => null);
    const { button, onClose } = renderDialog({ onConfirm });
    expect(screen.getByRole('dialog', { name: 'Unlock User' })).toBeTruthy();
    expect(screen.getByText('Unlock User jdoe?')).toBeTruthy();
    await typePassword();
    await new Promise((r) => setTimeout(r, 50));
    expect(button.disabled).toBe(true);
    await chooseReason();
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('User successfully unlocked')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledWith({
      reasonForChange: 'Data entry error',
      electronicSignature: 'Demo1234',
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('puts a wrong password on the password field and stays open; other failures toast', async () => {
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, { code: 'ESIGN_FAILED', message: 'The password is incorrect', errors: [] }),
      )
      .mockRejectedValueOnce(new Error('offline'));
    const { button, onClose } = renderDialog({ onConfirm });
    await typePassword();
    await chooseReason();
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('The password is incorrect')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Please insert your password/), {
      target: { value: 'Demo12345' },
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error unlocking user')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says how the signature failed: the warning before the lock, then too many attempts', async () => {
    const warn = messages.eSignatureLastAttempt;
    const wait = messages.eSignatureRateLimited;
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, {
          code: 'ESIGN_FAILED',
          message: warn,
          errors: [{ code: 'ESIGN_FAILED', message: warn, parameter: 'electronicSignature' }],
        }),
      )
      .mockRejectedValueOnce(
        new ApiError(429, {
          code: 'RATE_LIMITED',
          message: wait,
          errors: [{ code: 'RATE_LIMITED', message: wait, parameter: 'electronicSignature' }],
        }),
      );
    const { button, onClose } = renderDialog({ onConfirm });
    await typePassword();
    await chooseReason();
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(warn)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Please insert your password/), {
      target: { value: 'Demo12345' },
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(wait)).toBeTruthy();
    expect(screen.queryByText(warn)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('needs no reason when it is optional', async () => {
    const onConfirm = vi.fn(async () => null);
    const { button } = renderDialog({ onConfirm, reasonRequired: false });
    await typePassword();
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith({ reasonForChange: '', electronicSignature: 'Demo1234' }),
    );
  });
});
