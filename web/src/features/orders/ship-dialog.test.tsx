import { messages, type Order } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { clearSession } from '../../api/session-storage.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { OrderActionDialog } from './order-action-dialog.tsx';

afterEach(() => clearSession());

const order = {
  id: 8,
  number: 1008,
  status: 'accepted',
  study: { id: 1, name: 'ONCO-7' },
  exam: { id: 1, name: 'PET/CT' },
  subjectId: 'S-8',
  drug: { id: 1, name: 'FDG', halfLifeSeconds: 109.77 * 60, activityWarningPercent: null },
  imagingCenter: { id: 3, name: 'Windy City Imaging', timezone: 'UTC' },
  calibrationDatetime: new Date().toISOString(),
  requestedActivity: 10,
  activityUnit: 'mCi',
  manufactureClosed: null,
} as unknown as Order;

/** Types a wall clock into a picker's field (its hidden input takes the text as pasted). */
function pick(name: string, value: string) {
  const input = document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

describe('the Ship dialog (issue 35)', () => {
  it('sends the shipment and puts the server refusal of a field on it', async () => {
    const api = fakeApi((method, path) => {
      if (method === 'PUT' && path === '/orders/8/status')
        throw new ApiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          errors: [{ code: 'INVALID', message: 'Lot unknown', parameter: 'lotNumber' }],
        } as never);
      return undefined;
    });
    renderWithApp(<OrderActionDialog order={order} action="ship" onClose={() => {}} />, { api });
    const lot = await screen.findByLabelText(/Lot number/, {}, { timeout: 10_000 });
    expect(screen.getByText('mCi')).toBeTruthy();
    fireEvent.change(lot, { target: { value: 'LOT-1' } });
    fireEvent.change(screen.getByLabelText(/Assayed activity/), { target: { value: '12.5' } });
    const now = DateTime.utc();
    const earlier = now.minus({ hours: 1 });
    const later = now.plus({ hours: 6 });
    pick('assayDate', earlier.toFormat('MM/dd/yyyy'));
    pick('assayTime', earlier.toFormat('HH:mm'));
    pick('date', earlier.toFormat('MM/dd/yyyy'));
    pick('time', earlier.toFormat('HH:mm'));
    pick('expiryDate', later.toFormat('MM/dd/yyyy'));
    pick('expiryTime', later.toFormat('HH:mm'));
    // The times' checks of one another settle (a person types slower than a test) before signing.
    await waitFor(() =>
      expect(screen.getByTestId('form-missing').textContent).not.toMatch(/date|time|Lot|activity/i),
    );
    fireEvent.change(screen.getByLabelText(new RegExp(messages.eSignatureLabel)), {
      target: { value: 'pw' },
    });
    const submit = screen.getByRole('button', { name: 'Ship order' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(submit);
    await screen.findByText('Lot unknown', {}, { timeout: 10_000 });
    const put = api.mock.calls.find(([m]) => m === 'PUT');
    expect(put?.[2]?.body).toMatchObject({
      status: 'shipped',
      lotNumber: 'LOT-1',
      assayedActivity: 12.5,
      assayedAt: earlier.toFormat("yyyy-MM-dd'T'HH:mm"),
      expiresAt: later.toFormat("yyyy-MM-dd'T'HH:mm"),
      relatedDatetime: earlier.toFormat("yyyy-MM-dd'T'HH:mm"),
      timezone: 'UTC',
    });
  }, 30_000);
});
