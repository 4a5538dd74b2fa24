import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { applyServerErrors, conflictMessage } from './server-errors.ts';

describe('applyServerErrors', () => {
  it('[FRM-008] puts field errors on the named fields, nested ones included', () => {
    const setError = vi.fn();
    const err = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      errors: [
        { code: 'not_unique', message: 'This value is already used', parameter: 'name' },
        { code: 'too_big', message: 'Longer than maximum length 100', parameter: 'address.city' },
        { code: 'x', message: 'ignored', parameter: 'unknown' },
      ],
    });
    expect(applyServerErrors(err, setError, ['name', 'address.city'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'This value is already used' });
    expect(setError).toHaveBeenCalledWith('address.city', {
      type: 'server',
      message: 'Longer than maximum length 100',
    });
    expect(setError).toHaveBeenCalledTimes(2);
  });

  it('[FRM-010] puts an e-signature failure on the password field', () => {
    const setError = vi.fn();
    const err = new ApiError(400, { code: 'ESIGN_FAILED', message: 'wrong password', errors: [] });
    expect(applyServerErrors(err, setError, ['electronicSignature'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('electronicSignature', {
      type: 'server',
      message: 'wrong password',
    });
  });

  it('puts too many signature attempts (429) on the password field, in the server words', () => {
    const setError = vi.fn();
    const message = 'Too many signature attempts, please wait a minute before signing again';
    const err = new ApiError(429, {
      code: 'RATE_LIMITED',
      message,
      errors: [{ code: 'RATE_LIMITED', message, parameter: 'electronicSignature' }],
    });
    expect(applyServerErrors(err, setError, ['electronicSignature'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('electronicSignature', { type: 'server', message });
  });

  it('leaves other failures to the caller', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new Error('x'), setError, ['name'])).toBe(false);
    expect(
      applyServerErrors(new ApiError(500, { code: 'INTERNAL_ERROR', message: 'x', errors: [] }), setError, [
        'name',
      ]),
    ).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('conflicts', () => {
  const conflict = new ApiError(409, {
    code: 'EXAM_NAME_DRUG_UNIQUE',
    message: 'An Exam with this name already exists for Drug FDG',
    errors: [
      {
        code: 'EXAM_NAME_DRUG_UNIQUE',
        message: 'An Exam with this name already exists for Drug FDG',
        parameter: 'name',
      },
    ],
  });

  it("places a conflict's field error and answers its message", () => {
    const setError = vi.fn();
    expect(applyServerErrors(conflict, setError, ['name'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('name', {
      type: 'server',
      message: 'An Exam with this name already exists for Drug FDG',
    });
    expect(conflictMessage(conflict)).toBe('An Exam with this name already exists for Drug FDG');
  });

  it('has no message for what is not a conflict', () => {
    expect(
      conflictMessage(new ApiError(400, { code: 'VALIDATION_FAILED', message: 'x', errors: [] })),
    ).toBeUndefined();
    expect(
      conflictMessage(new ApiError(403, { code: 'FORBIDDEN', message: 'x', errors: [] })),
    ).toBeUndefined();
    expect(conflictMessage(new Error('x'))).toBeUndefined();
  });

  it('explains a refusal on a field: a user manager granting more than it holds (403)', () => {
    const message = "You can't add users to Administrators: it grants permissions you don't have yourself";
    const refusal = new ApiError(403, {
      code: 'FORBIDDEN',
      message,
      errors: [{ code: 'beyond_own_permissions', message, parameter: 'groupIds' }],
    });
    const setError = vi.fn();
    expect(applyServerErrors(refusal, setError, ['groupIds'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('groupIds', { type: 'server', message });
    expect(conflictMessage(refusal)).toBe(message);
  });
});

describe('one toast per event', () => {
  // A dismissed toast stays in the page while it leaves (its exit animation): not counted.
  const visible = () =>
    [...document.querySelectorAll('.Toastify__toast')].filter((t) => !/-exit/.test(t.className));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('[AUT-011] merges a 5xx failure into the generic toast, never stacks an identical one, and lets the success replace the failure', async () => {
    const { render, cleanup } = await import('@testing-library/react');
    const { createElement } = await import('react');
    const { ToastContainer, toast } = await import('react-toastify');
    const { GENERIC_TOAST_ID, messages } = await import('@dosechain/contract');
    const { showFailureToast, showSuccessToast } = await import('./server-errors.ts');
    render(createElement(ToastContainer, { autoClose: false }));
    try {
      const serverError = new ApiError(500, { message: 'x', errors: [] } as never);
      // The HTTP client's generic toast, then the action's own words for the same 500: one toast.
      toast.error(messages.unexpectedError, { toastId: GENERIC_TOAST_ID });
      await settle();
      showFailureToast(serverError, messages.errorUpdatingOrder);
      await vi.waitFor(() =>
        expect(visible().map((t) => t.textContent)).toEqual([messages.errorUpdatingOrder]),
      );
      // The same refusal twice (no generic toast this time): one toast, not two.
      toast.dismiss();
      await settle();
      const refused = new ApiError(400, { message: 'x', errors: [] } as never);
      showFailureToast(refused, messages.errorUpdatingEmails);
      showFailureToast(refused, messages.errorUpdatingEmails);
      await vi.waitFor(() =>
        expect(visible().map((t) => t.textContent)).toEqual([messages.errorUpdatingEmails]),
      );
      // The action then succeeds: only its success stays.
      showSuccessToast(messages.updatedEmailList, messages.errorUpdatingEmails);
      await vi.waitFor(() =>
        expect(visible().map((t) => t.textContent)).toEqual([messages.updatedEmailList]),
      );
    } finally {
      toast.dismiss();
      cleanup();
    }
  });
});
