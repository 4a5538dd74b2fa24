import {
  messages,
  type PlaceOrderAnswer,
  type PlaceOrderBody,
  placeOrderBodySchema,
} from '@dosechain/contract';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { applyServerErrors, showFailureToast } from '../../components/form/server-errors.ts';

/** The form fields a refusal of the server may name. */
export const orderFormFields = [...Object.keys(placeOrderBodySchema.shape), 'electronicSignature'];

/** How a placement went: placed, the day taken meanwhile, or refused (already told to the user). */
export type SendOrderResult = { placed: PlaceOrderAnswer } | { slotFull: true } | { refused: true };

/** 128 random bits as hex (getRandomValues works on plain HTTP too, unlike randomUUID). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The Idempotency-Key of the order being placed: the same while the same order is sent again (a
 * second click, a retry after a call that timed out but may have reached the server), a new one
 * for another order or once an order was placed. One per form.
 */
export function orderIntents(newKey: () => string = randomKey) {
  let last: { order: string; key: string } | null = null;
  return {
    keyFor(body: PlaceOrderBody): string {
      const { electronicSignature: _signature, ...order } = body;
      const text = JSON.stringify(order);
      if (last?.order !== text) last = { order: text, key: newKey() };
      return last.key;
    },
    /** The order was placed: the next one is another intent. */
    placed(): void {
      last = null;
    },
  };
}

/**
 * POST /orders with its Idempotency-Key. A full day says so ('The day you picked is no longer available…'); a refusal
 * naming fields (e-signature included) lands on them; anything else is 'Error placing the order'.
 */
export async function sendOrder<V extends FieldValues>(
  api: HttpClient,
  body: PlaceOrderBody,
  setError: UseFormSetError<V>,
  idempotencyKey?: string,
): Promise<SendOrderResult> {
  try {
    const headers = idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined;
    return { placed: await api('POST', '/orders', { body, headers }) };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'AVAILABILITY_SLOT_FULL') {
      toast.error(messages.slotFull);
      return { slotFull: true };
    }
    if (!applyServerErrors(err, setError, orderFormFields)) showFailureToast(err, messages.errorPlacingOrder);
    return { refused: true };
  }
}
