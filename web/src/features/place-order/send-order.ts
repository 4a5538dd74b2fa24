import {
  messages,
  type PlaceOrderAnswer,
  type PlaceOrderBody,
  placeOrderBodySchema,
} from '@dosechain/contract';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { applyServerErrors } from '../../components/form/server-errors.ts';

/** The form fields a refusal of the server may name. */
export const orderFormFields = [...Object.keys(placeOrderBodySchema.shape), 'electronicSignature'];

/** How a placement went: placed, the day taken meanwhile, or refused (already told to the user). */
export type SendOrderResult = { placed: PlaceOrderAnswer } | { slotFull: true } | { refused: true };

/**
 * POST /orders. A full day says so ('The day you picked is no longer available…'); a refusal
 * naming fields (e-signature included) lands on them; anything else is 'Error placing the order'.
 */
export async function sendOrder<V extends FieldValues>(
  api: HttpClient,
  body: PlaceOrderBody,
  setError: UseFormSetError<V>,
): Promise<SendOrderResult> {
  try {
    return { placed: await api<PlaceOrderAnswer>('POST', '/orders', { body }) };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'AVAILABILITY_SLOT_FULL') {
      toast.error(messages.slotFull);
      return { slotFull: true };
    }
    if (!applyServerErrors(err, setError, orderFormFields)) toast.error(messages.errorPlacingOrder);
    return { refused: true };
  }
}
