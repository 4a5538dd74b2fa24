import { messages, type Order } from '@dosechain/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../api/session-storage.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { BulkShipDialog } from './bulk-ship-dialog.tsx';

afterEach(() => clearSession());

const order = (id: number) =>
  ({
    id,
    number: 1000 + id,
    status: 'accepted',
    study: { id: 1, name: 'ONCO-7' },
    exam: { id: 1, name: 'PET/CT' },
    subjectId: `S-${id}`,
    drug: { id: 1, name: 'FDG', halfLifeSeconds: 109.77 * 60, activityWarningPercent: null },
    imagingCenter: { id: 3, name: 'Windy City Imaging', timezone: 'UTC' },
    calibrationDatetime: new Date().toISOString(),
    requestedActivity: 10,
    activityUnit: 'mCi',
    manufactureClosed: null,
  }) as unknown as Order;

function pick(name: string, value: string) {
  const input = document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

const sign = () =>
  fireEvent.change(screen.getByLabelText(new RegExp(messages.eSignatureLabel)), { target: { value: 'pw' } });

describe('the bulk Ship dialog (issue 35)', () => {
  it('ships under one signature, keeps a refused row with why, and ships it again alone', async () => {
    const answers = [
      {
        results: [
          { orderId: 1, ok: true, status: 'shipped' },
          {
            orderId: 2,
            ok: false,
            code: 'VALIDATION_FAILED',
            message: 'Invalid',
            errors: [{ code: 'invalid', message: 'Assay far from dispatch', parameter: 'assayedActivity' }],
          },
        ],
      },
      { results: [{ orderId: 2, ok: true, status: 'shipped' }] },
    ];
    const api = fakeApi((method, path) => {
      if (method === 'POST' && path === '/orders/status-batch') return answers.shift();
      return undefined;
    });
    const done: unknown[] = [];
    renderWithApp(
      <BulkShipDialog orders={[order(1), order(2)]} onClose={() => {}} onDone={(r) => done.push(r)} />,
      { api },
    );
    const lot = await screen.findByLabelText(/Lot number/, {}, { timeout: 10_000 });
    fireEvent.change(lot, { target: { value: 'LOT-1' } });
    fireEvent.change(screen.getByLabelText('Order #1001 assayed activity'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Order #1002 assayed activity'), { target: { value: '30' } });
    const now = DateTime.utc();
    const earlier = now.minus({ hours: 1 });
    const later = now.plus({ hours: 6 });
    pick('assayDate', earlier.toFormat('MM/dd/yyyy'));
    pick('assayTime', earlier.toFormat('HH:mm'));
    pick('date', earlier.toFormat('MM/dd/yyyy'));
    pick('time', earlier.toFormat('HH:mm'));
    pick('expiryDate', later.toFormat('MM/dd/yyyy'));
    pick('expiryTime', later.toFormat('HH:mm'));
    await waitFor(() =>
      expect(screen.getByTestId('form-missing').textContent).not.toMatch(/date|time|Lot|activity/i),
    );
    sign();
    const submit = screen.getByRole('button', { name: 'Ship 2 orders' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(submit);
    await screen.findByText('Refused: Assay far from dispatch', {}, { timeout: 10_000 });
    const first = api.mock.calls.find(([m]) => m === 'POST')?.[2]?.body as {
      items: { orderId: number; assayedActivity: number }[];
      electronicSignature: string;
    };
    expect(first.items.map((i) => [i.orderId, i.assayedActivity])).toEqual([
      [1, 12],
      [2, 30],
    ]);
    expect(first.electronicSignature).toBe('pw');
    // The shipped row says so; the refused one keeps its input, and why on its row.
    expect(within(screen.getByTestId('bulk-ship-row-1001')).getByText('Shipped')).toBeTruthy();
    const refused = screen.getByLabelText('Order #1002 assayed activity') as HTMLInputElement;
    expect(refused.value).toBe('30');
    expect(screen.getByTestId('bulk-ship-outcome').textContent).toContain('1 of 2 orders shipped');
    // Put right, signed again: only the refused order is sent.
    fireEvent.change(refused, { target: { value: '13' } });
    // The rows' check settles (a person types slower than a test) before signing.
    await waitFor(() =>
      expect(screen.getByTestId('form-missing').textContent).not.toMatch(/date|time|Lot|activity/i),
    );
    sign();
    const again = screen.getByRole('button', { name: 'Ship 1 order' }) as HTMLButtonElement;
    await waitFor(() => expect(again.disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(again);
    await screen.findByText('2 of 2 orders shipped.', {}, { timeout: 10_000 });
    const second = api.mock.calls.filter(([m]) => m === 'POST')[1]?.[2]?.body as {
      items: { orderId: number; assayedActivity: number }[];
    };
    expect(second.items.map((i) => [i.orderId, i.assayedActivity])).toEqual([[2, 13]]);
    expect(done).toHaveLength(2);
  }, 40_000);
});
