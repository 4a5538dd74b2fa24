import { GENERIC_TOAST_ID, messages, type PlaceOrderBody } from '@dosechain/contract';
import { toast } from 'react-toastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { orderIntents, sendOrder } from './send-order.ts';

// Spies on the toast functions, not a module mock: the web project shares its modules between
// test files (vitest.config.ts), so a mocked module would leak; spies are restored after the file.
const toasts = {
  error: vi.spyOn(toast, 'error').mockImplementation(() => 'error'),
  success: vi.spyOn(toast, 'success').mockImplementation(() => 'success'),
  warning: vi.spyOn(toast, 'warning').mockImplementation(() => 'warning'),
  isActive: vi.spyOn(toast, 'isActive').mockReturnValue(false),
  update: vi.spyOn(toast, 'update').mockImplementation(() => undefined),
};
afterAll(() => {
  for (const spy of Object.values(toasts)) spy.mockRestore();
});

const body: PlaceOrderBody = {
  studyId: 1,
  siteId: 2,
  examId: 3,
  imagingCenterId: 4,
  timePointId: 5,
  subjectId: 'S-1',
  calibrationDatetime: '2026-12-02T14:00:00.000Z',
  electronicSignature: 'Demo1234',
};
const failing = (err: unknown) => vi.fn(async () => Promise.reject(err)) as unknown as HttpClient;
const refusal = (status: number, code: string, errors: { parameter: string; message: string }[] = []) =>
  new ApiError(status, { code, message: `${code} message`, errors: errors.map((e) => ({ code, ...e })) });

describe('sendOrder', () => {
  it('posts the order and answers it', async () => {
    const api = vi.fn(async () => ({ id: 7, number: 1011 })) as unknown as HttpClient;
    expect(await sendOrder(api, body, vi.fn())).toEqual({ placed: { id: 7, number: 1011 } });
    expect(api).toHaveBeenCalledWith('POST', '/orders', { body, headers: undefined, reportErrors: false });
  });

  it('sends the Idempotency-Key it is given', async () => {
    const api = vi.fn(async () => ({ id: 7, number: 1011 })) as unknown as HttpClient;
    await sendOrder(api, body, vi.fn(), 'key-1');
    expect(api).toHaveBeenCalledWith('POST', '/orders', {
      body,
      headers: { 'idempotency-key': 'key-1' },
      reportErrors: false,
    });
  });

  it('[ORD-004] tells the user the day is gone when the slot is full', async () => {
    toasts.error.mockClear();
    const result = await sendOrder(failing(refusal(409, 'AVAILABILITY_SLOT_FULL')), body, vi.fn());
    expect(result).toEqual({ slotFull: true });
    expect(toasts.error).toHaveBeenCalledWith(
      'The day you picked is no longer available, please pick another day',
    );
  });

  it('hands back the schedule refusals to ask for a reason, both when both apply, without a toast [issue 36]', async () => {
    toasts.error.mockClear();
    const outside = messages.outOfWindow('2027-03-13', '2027-03-19');
    const twice = messages.duplicateTimepoint(1012);
    const both = new ApiError(400, {
      code: 'OUT_OF_WINDOW',
      message: outside,
      errors: [
        { code: 'OUT_OF_WINDOW', parameter: 'calibrationDatetime', message: outside },
        { code: 'DUPLICATE_TIMEPOINT', parameter: 'timePointId', message: twice },
      ],
    });
    expect(await sendOrder(failing(both), body, vi.fn())).toEqual({ overridable: [outside, twice] });
    expect(toasts.error).not.toHaveBeenCalled();
    // Sent with a reason, a refusal is not asked about again.
    const setError = vi.fn();
    const again = await sendOrder(failing(both), { ...body, overrideReason: 'Travel' }, setError);
    expect(again).toEqual({ refused: true });
    expect(setError).toHaveBeenCalledWith(
      'calibrationDatetime',
      expect.objectContaining({ message: outside }),
    );
  });

  it('puts a refusal on the fields it names, the e-signature included, without a toast', async () => {
    toasts.error.mockClear();
    const setError = vi.fn();
    const outside = refusal(400, 'VALIDATION_FAILED', [
      { parameter: 'calibrationDatetime', message: messages.calibrationOutsideAvailability },
    ]);
    expect(await sendOrder(failing(outside), body, setError)).toEqual({ refused: true });
    expect(setError).toHaveBeenCalledWith('calibrationDatetime', {
      type: 'server',
      message: messages.calibrationOutsideAvailability,
    });
    await sendOrder(failing(refusal(400, 'ESIGN_FAILED')), body, setError);
    expect(setError).toHaveBeenCalledWith('electronicSignature', {
      type: 'server',
      message: 'ESIGN_FAILED message',
    });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("[ORD-005] says 'Error placing the order' for anything else", async () => {
    toasts.error.mockClear();
    expect(await sendOrder(failing(refusal(404, 'NOT_FOUND')), body, vi.fn())).toEqual({ refused: true });
    expect(await sendOrder(failing(new TypeError('network')), body, vi.fn())).toEqual({ refused: true });
    expect(toasts.error).toHaveBeenCalledTimes(2);
    expect(toasts.error).toHaveBeenLastCalledWith('Error placing the order', {
      toastId: 'Error placing the order',
    });
  });

  it("turns the generic toast of a 5xx into 'Error placing the order' instead of adding a second", async () => {
    toasts.error.mockClear();
    toasts.isActive.mockReturnValue(true);
    expect(await sendOrder(failing(refusal(500, 'INTERNAL')), body, vi.fn())).toEqual({ refused: true });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(toasts.update).toHaveBeenCalledWith(GENERIC_TOAST_ID, {
      render: 'Error placing the order',
      type: 'error',
    });
    toasts.isActive.mockReturnValue(false);
  });
});

describe('a placement whose answer is lost', () => {
  const lost = () => new ApiError(0, { code: 'NO_RESPONSE', message: messages.unexpectedError, errors: [] });
  /** Answers each call in turn. */
  const answering = (...answers: (() => Promise<unknown>)[]) => {
    let call = 0;
    return vi.fn(async () =>
      (answers[Math.min(call++, answers.length - 1)] as () => Promise<unknown>)(),
    ) as unknown as HttpClient;
  };

  it('is checked at once under the same key: the order placed (by the first send or this one) is the answer', async () => {
    toasts.error.mockClear();
    const api = answering(
      async () => Promise.reject(lost()),
      async () => ({ id: 7, number: 1011 }),
    );
    expect(await sendOrder(api, body, vi.fn(), 'key-1')).toEqual({ placed: { id: 7, number: 1011 } });
    expect(api).toHaveBeenCalledTimes(2);
    expect(api).toHaveBeenNthCalledWith(2, 'POST', '/orders', {
      body,
      headers: { 'idempotency-key': 'key-1' },
      reportErrors: false,
    });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("says it is not known (not 'Error placing the order') when the check gets no answer either", async () => {
    toasts.error.mockClear();
    const api = answering(async () => Promise.reject(lost()));
    expect(await sendOrder(api, body, vi.fn(), 'key-1')).toEqual({ uncertain: true });
    expect(api).toHaveBeenCalledTimes(2);
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(messages.placementUncertain, {
      toastId: messages.placementUncertain,
    });
  });

  it('says the first order was placed when a changed order comes back as another use of the key', async () => {
    toasts.warning.mockClear();
    const api = answering(async () => Promise.reject(refusal(422, 'IDEMPOTENCY_KEY_REUSED')));
    expect(await sendOrder(api, body, vi.fn(), 'key-1')).toEqual({ placedEarlier: true });
    expect(toasts.warning).toHaveBeenCalledExactlyOnceWith(messages.placedBeforeChange);
  });
});

describe('orderIntents', () => {
  it('keeps the key after a lost answer even when the form changes, until the outcome is known', () => {
    let n = 0;
    const intents = orderIntents(() => `k${++n}`);
    expect(intents.keyFor(body)).toBe('k1');
    intents.uncertain();
    expect(intents.keyFor({ ...body, subjectId: 'S-2' })).toBe('k1');
    intents.placed();
    expect(intents.keyFor({ ...body, subjectId: 'S-2' })).toBe('k2');
    expect(intents.keyFor({ ...body, subjectId: 'S-3' })).toBe('k3');
  });

  it('keeps one key while the same order is sent again, re-signed or not, and a new one after', () => {
    let n = 0;
    const intents = orderIntents(() => `k${++n}`);
    expect(intents.keyFor(body)).toBe('k1');
    expect(intents.keyFor({ ...body, electronicSignature: 'Typed-again1' })).toBe('k1');
    // Another order (a changed field) is another intent.
    expect(intents.keyFor({ ...body, subjectId: 'S-2' })).toBe('k2');
    expect(intents.keyFor({ ...body, subjectId: 'S-2' })).toBe('k2');
    intents.placed();
    expect(intents.keyFor({ ...body, subjectId: 'S-2' })).toBe('k3');
  });
});
