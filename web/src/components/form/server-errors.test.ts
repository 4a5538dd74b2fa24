import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { applyServerErrors } from './server-errors.ts';

describe('applyServerErrors', () => {
  it('puts field errors on the named fields, nested ones included', () => {
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

  it('puts an e-signature failure on the password field', () => {
    const setError = vi.fn();
    const err = new ApiError(400, { code: 'ESIGN_FAILED', message: 'wrong password', errors: [] });
    expect(applyServerErrors(err, setError, ['electronicSignature'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('electronicSignature', {
      type: 'server',
      message: 'wrong password',
    });
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
