import { messages, type Order } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../api/session-storage.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { OrderActionDialog } from './order-action-dialog.tsx';

afterEach(() => clearSession());

// Delivered an hour ago, assayed on dispatch one half-life of F-18 (109.77 min) before that at 10 mCi.
const delivered = DateTime.utc().minus({ hours: 1 }).startOf('minute');
const assayed = delivered.minus({ seconds: 109.77 * 60 });
const order = {
  id: 9,
  number: 1009,
  status: 'shipped',
  study: { id: 1, name: 'ONCO-7' },
  exam: { id: 1, name: 'PET/CT' },
  subjectId: 'S-9',
  drug: {
    id: 1,
    name: 'FDG',
    halfLifeSeconds: 109.77 * 60,
    activityWarningPercent: null,
    receiptTolerancePercent: null,
  },
  imagingCenter: { id: 3, name: 'Windy City Imaging', timezone: 'UTC' },
  calibrationDatetime: delivered.toISO(),
  requestedActivity: 5,
  activityUnit: 'mCi',
  manufactureClosed: null,
  shipment: { assayedActivity: 10, assayedAt: assayed.toISO(), activityUnit: 'mCi' },
} as unknown as Order;

function pick(name: string, value: string) {
  fireEvent.change(document.querySelector(`input[name="${name}"]`) as HTMLInputElement, {
    target: { value },
  });
}

describe('receiving a delivery with an assay (issue 35)', () => {
  it('shows the expected activity live, and asks the reason of an assay outside the tolerance', async () => {
    const api = fakeApi(() => ({ ...order, status: 'delivered' }));
    renderWithApp(<OrderActionDialog order={order} action="deliver" onClose={() => {}} />, { api });
    const activity = await screen.findByLabelText(/Received activity/, {}, { timeout: 10_000 });
    pick('date', delivered.toFormat('MM/dd/yyyy'));
    pick('time', delivered.toFormat('HH:mm'));
    await waitFor(() => expect(screen.getByTestId('expected-activity').textContent).toContain('5 mCi'));
    fireEvent.change(activity, { target: { value: '4' } });
    pick('receivedDate', delivered.toFormat('MM/dd/yyyy'));
    pick('receivedTime', delivered.toFormat('HH:mm'));
    await waitFor(() =>
      expect(screen.getByTestId('expected-activity').textContent).toContain(
        messages.receivedOffExpected('−20.0'),
      ),
    );
    expect(screen.getByTestId('receipt-deviation').textContent).toBe(messages.receiptOutsideTolerance(10));
    const submit = screen.getByRole('button', { name: 'Deliver order' }) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByTestId('form-missing').textContent).toContain('Deviation reason'));
    fireEvent.change(screen.getByLabelText(new RegExp(messages.eSignatureLabel)), {
      target: { value: 'pw' },
    });
    await waitFor(() => expect(screen.getByTestId('form-missing').textContent).toContain('Deviation reason'));
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Deviation reason/), { target: { value: 'Flight delayed' } });
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(submit);
    await waitFor(() => expect(api.mock.calls.some(([m]) => m === 'PUT')).toBe(true));
    const put = api.mock.calls.find(([m]) => m === 'PUT');
    expect(put?.[2]?.body).toMatchObject({
      status: 'delivered',
      receivedActivity: 4,
      receivedAt: delivered.toFormat("yyyy-MM-dd'T'HH:mm"),
      packageCondition: 'intact',
      comment: 'Flight delayed',
    });
  }, 30_000);
});
