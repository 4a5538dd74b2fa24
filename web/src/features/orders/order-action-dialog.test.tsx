import { messages, type Order } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../api/session-storage.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { OrderActionDialog } from './order-action-dialog.tsx';

afterEach(() => clearSession());

// Calibrated three days from now at 10:00 UTC, on a day that became a day with no manufacture.
const calibration = new Date(Date.now() + 3 * 86_400_000);
calibration.setUTCHours(10, 0, 0, 0);
const order = {
  id: 7,
  number: 1007,
  status: 'pending',
  study: { id: 1, name: 'ONCO-7' },
  exam: { id: 1, name: 'PET/CT' },
  subjectId: 'S-7',
  drug: { id: 1, name: 'FDG', halfLifeSeconds: 109.77 * 60, activityWarningPercent: null },
  imagingCenter: { id: 3, name: 'Windy City Imaging', timezone: 'UTC' },
  calibrationDatetime: calibration.toISOString(),
  requestedActivity: 10,
  activityUnit: 'mCi',
  manufactureClosed: { date: calibration.toISOString().slice(0, 10), reason: 'Cyclotron maintenance' },
} as unknown as Order;

describe('accepting an order on a day with no manufacture (issue 33)', () => {
  it('warns, and cannot be signed until the warning is confirmed', async () => {
    const api = fakeApi();
    renderWithApp(<OrderActionDialog order={order} action="accept" onClose={() => {}} />, { api });

    const warning = await screen.findByTestId('closed-day-warning', {}, { timeout: 10_000 });
    expect(warning.textContent).toContain('has no manufacture (Cyclotron maintenance)');
    expect(warning.textContent).toContain('Accept it only if a dose will be made for it.');
    // At the calibration itself: all of the requested activity, no delivery warning.
    expect(screen.getByTestId('activity-at').textContent).toContain('10 mCi (370 MBq) · 100% of requested');
    expect(screen.queryByTestId('before-calibration-warning')).toBeNull();

    const submit = screen.getByRole('button', { name: 'Accept order' }) as HTMLButtonElement;
    fireEvent.change(
      await screen.findByLabelText(new RegExp(messages.eSignatureLabel), {}, { timeout: 10_000 }),
      {
        target: { value: 'secret' },
      },
    );
    await waitFor(() => expect(screen.getByTestId('form-missing').textContent).toContain('Confirmation'), {
      timeout: 10_000,
    });
    expect(submit.disabled).toBe(true);

    const confirm = screen.getByRole('checkbox', { name: messages.confirmAcceptWarnings });
    fireEvent.click(confirm);
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 10_000 });
  }, 30_000);
});
