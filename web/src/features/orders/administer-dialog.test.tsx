import { messages, type Order } from '@dosechain/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../api/session-storage.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AdministerDialog } from './administer-dialog.tsx';

afterEach(() => clearSession());

const order = {
  id: 10,
  number: 1010,
  status: 'delivered',
  study: { id: 1, name: 'ONCO-7' },
  exam: { id: 1, name: 'PET/CT' },
  subjectId: 'S-10',
  drug: { id: 1, name: 'FDG', halfLifeSeconds: 109.77 * 60 },
  imagingCenter: { id: 3, name: 'Windy City Imaging', timezone: 'UTC' },
  activityUnit: 'mCi',
  shipment: null,
  receipt: null,
  administration: null,
} as unknown as Order;

function pick(name: string, value: string) {
  fireEvent.change(document.querySelector(`input[name="${name}"]`) as HTMLInputElement, {
    target: { value },
  });
}

describe('recording an administration (issue 35)', () => {
  it('shows the administered activity live in both units and sends the injection', async () => {
    const api = fakeApi(() => ({ ...order }));
    renderWithApp(<AdministerDialog order={order} onClose={() => {}} />, { api });
    const measured = await screen.findByLabelText(/Measured activity/, {}, { timeout: 10_000 });
    // Measured 10 mCi at the injection: all of it administered.
    const injected = DateTime.utc().minus({ hours: 1 }).startOf('minute');
    pick('date', injected.toFormat('MM/dd/yyyy'));
    pick('time', injected.toFormat('HH:mm'));
    pick('measuredDate', injected.toFormat('MM/dd/yyyy'));
    pick('measuredTime', injected.toFormat('HH:mm'));
    fireEvent.change(measured, { target: { value: '10' } });
    await waitFor(() =>
      expect(screen.getByTestId('administered-activity').textContent).toBe(
        messages.administeredActivityIs('10 mCi (370 MBq)'),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('form-missing').textContent).not.toMatch(/date|time|activity/i),
    );
    fireEvent.change(screen.getByLabelText(new RegExp(messages.eSignatureLabel)), {
      target: { value: 'pw' },
    });
    const submit = screen.getByRole('button', { name: 'Record administration' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(submit);
    await waitFor(() => expect(api.mock.calls.some(([m]) => m === 'PUT')).toBe(true));
    const put = api.mock.calls.find(([m]) => m === 'PUT');
    expect(put?.[1]).toBe('/orders/10/administration');
    expect(put?.[2]?.body).toEqual({
      administered: true,
      relatedDatetime: injected.toFormat("yyyy-MM-dd'T'HH:mm"),
      timezone: 'UTC',
      measuredActivity: 10,
      measuredAt: injected.toFormat("yyyy-MM-dd'T'HH:mm"),
      electronicSignature: 'pw',
    });
  }, 30_000);

  it('corrects a recorded one only with a reason for change', async () => {
    const recorded = {
      ...order,
      administration: {
        administered: false,
        reason: 'did_not_attend',
        comment: 'Patient refused',
        injectedAt: null,
        measuredActivity: null,
        measuredAt: null,
        residualActivity: null,
        residualAt: null,
        activityUnit: 'mCi',
        administeredActivity: null,
        administeredActivityMbq: null,
        administeredActivityMci: null,
      },
    } as Order;
    renderWithApp(<AdministerDialog order={recorded} onClose={() => {}} />, { api: fakeApi() });
    const comment = await screen.findByLabelText(/^Comment/, {}, { timeout: 10_000 });
    expect((comment as HTMLTextAreaElement).value).toBe('Patient refused');
    expect(screen.getByRole('combobox', { name: /^Reason(?! for change)/ }).textContent).toBe(
      'Subject did not attend',
    );
    fireEvent.change(
      await screen.findByLabelText(new RegExp(messages.eSignatureLabel), {}, { timeout: 10_000 }),
      {
        target: { value: 'pw' },
      },
    );
    await waitFor(() =>
      expect(screen.getByTestId('form-missing').textContent).toContain('Reason for change'),
    );
  }, 30_000);

  it('records a dose not given with a required reason; the comment is required for Other only', async () => {
    const api = fakeApi(() => ({ ...order }));
    renderWithApp(<AdministerDialog order={order} onClose={() => {}} />, { api });
    fireEvent.click(await screen.findByLabelText('Not administered', {}, { timeout: 10_000 }));
    const reason = await screen.findByRole('combobox', { name: /^Reason(?! for change)/ });
    const comment = screen.getByLabelText(/^Comment/);
    expect(screen.getByText(/Required only for Other/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('form-missing').textContent).toContain('Reason'));
    const choose = async (label: string) => {
      fireEvent.mouseDown(reason);
      fireEvent.click(within(await screen.findByRole('listbox')).getByText(label));
    };
    fireEvent.mouseDown(reason);
    const listed = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(listed).toEqual([
      'Subject did not attend',
      'Dose expired',
      'Quality (out of specification)',
      'Damaged in transit',
      'Scanner unavailable',
      'Other',
    ]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await choose('Other');
    await waitFor(() => expect(screen.getByTestId('form-missing').textContent).toContain('Comment'));
    expect(screen.getByText(/Required for Other/)).toBeTruthy();
    await choose('Scanner unavailable');
    fireEvent.change(comment, { target: { value: 'PET/CT down' } });
    fireEvent.change(screen.getByLabelText(new RegExp(messages.eSignatureLabel)), {
      target: { value: 'pw' },
    });
    const submit = screen.getByRole('button', { name: 'Record administration' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(submit);
    await waitFor(() => expect(api.mock.calls.some(([m]) => m === 'PUT')).toBe(true));
    expect(api.mock.calls.find(([m]) => m === 'PUT')?.[2]?.body).toEqual({
      administered: false,
      reason: 'scanner_down',
      comment: 'PET/CT down',
      electronicSignature: 'pw',
    });
  }, 30_000);
});
