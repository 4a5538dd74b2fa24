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

/** 128 random bits as hex (getRandomValues works on plain HTTP too, unlike randomUUID). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The Idempotency-Key of the order being placed: the same while the same order is sent again (a
 * second click, a retry after a call that timed out but may have reached the server), a new one
 * for another order or once an order was placed. One per form. After an answer was lost the key
 * stays, even for a changed form, until the outcome is known: a changed order sent under it is
 * either placed (the first was not) or refused as another order (the first was), never both.
 */
export function orderIntents(newKey: () => string = randomKey) {
  let last: { order: string; key: string } | null = null;
  let pinned = false;
  return {
    keyFor(body: PlaceOrderBody): string {
      const { electronicSignature: _signature, ...order } = body;
      const text = JSON.stringify(order);
      if (!last || (last.order !== text && !pinned)) last = { order: text, key: newKey() };
      return last.key;
    },
    /** The answer was lost: whether the order was placed is not known. */
    uncertain(): void {
      pinned = true;
    },
    /** The order was placed (or the earlier one turned out placed): the next one is another intent. */
    placed(): void {
      last = null;
      pinned = false;
    },
  };
}

/** How a placement went: placed, the day taken meanwhile, refused, not known, or placed earlier. */
export type SendOrderResult =
  | { placed: PlaceOrderAnswer }
  | { slotFull: true }
  | { refused: true }
  | { uncertain: true }
  | { placedEarlier: true }
  /** Outside the subject's window or a second order for its timepoint: placed when sent again with a reason. */
  | { overridable: string[] };

/** The schedule's refusals (issue 36) a reason overrides. */
const overridableCodes = new Set(['OUT_OF_WINDOW', 'DUPLICATE_TIMEPOINT']);

/** No answer came (a timeout, a lost connection, a proxy that gave up): the order may be placed. */
const answerLost = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 504);

/** Before the one check after a lost answer: a connection that dropped may be back. */
export const RECHECK_AFTER_MS = 1_000;

/**
 * POST /orders with its Idempotency-Key. A lost answer is checked at once by sending the same
 * order under the same key (placed at most once: the server answers the placed order, or places
 * it now); still no answer: the user is told it is not known, and the key stays. A full day says
 * so; a refusal naming fields (e-signature included) lands on them; the key used for another
 * order means the order sent before the lost answer was placed; a calibration outside the subject's
 * window or a second order for its timepoint is handed back to ask for a reason (issue 36); anything
 * else is 'Error placing the order'.
 */
export async function sendOrder<V extends FieldValues>(
  api: HttpClient,
  body: PlaceOrderBody,
  setError: UseFormSetError<V>,
  idempotencyKey?: string,
): Promise<SendOrderResult> {
  const headers = idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined;
  // Errors are told here, once, in the placement's words (no generic toast first).
  const post = (): Promise<PlaceOrderAnswer> =>
    api('POST', '/orders', { body, headers, reportErrors: false });
  try {
    try {
      return { placed: await post() };
    } catch (err) {
      if (!(idempotencyKey && answerLost(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, RECHECK_AFTER_MS));
      return { placed: await post() };
    }
  } catch (err) {
    if (idempotencyKey && answerLost(err)) {
      showFailureToast(err, messages.placementUncertain);
      return { uncertain: true };
    }
    if (err instanceof ApiError && err.code === 'IDEMPOTENCY_KEY_REUSED') {
      toast.warning(messages.placedBeforeChange);
      return { placedEarlier: true };
    }
    if (err instanceof ApiError && overridableCodes.has(err.code) && !body.overrideReason) {
      const said = err.body.errors.filter((e) => overridableCodes.has(e.code)).map((e) => e.message);
      return { overridable: said.length > 0 ? said : [err.body.message] };
    }
    if (err instanceof ApiError && err.code === 'AVAILABILITY_SLOT_FULL') {
      toast.error(messages.slotFull);
      return { slotFull: true };
    }
    if (!applyServerErrors(err, setError, orderFormFields)) showFailureToast(err, messages.errorPlacingOrder);
    return { refused: true };
  }
}
