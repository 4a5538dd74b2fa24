import { type AuditTrailVerification, limits } from '@dosechain/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../../api/http-client.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AuditChainStatus } from './audit-chain-status.tsx';

const intact: AuditTrailVerification = {
  ok: true,
  checked: 12_345,
  firstBrokenId: null,
  broken: 0,
  unchained: 0,
  headMatches: true,
  endMovedBack: null,
  checkpoint: null,
};

/** An API whose verify answers come from `answers`, one per call (a function may hang or throw). */
function renderStatus(...answers: (AuditTrailVerification | (() => Promise<AuditTrailVerification>))[]) {
  const api = vi.fn(async (_method: string, path: string, _options?: RequestOptions) => {
    if (path !== '/audit-logs/verify') throw new Error(`unexpected call ${path}`);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return typeof next === 'function' ? next() : next;
  });
  renderWithApp(<AuditChainStatus />, { api: api as unknown as HttpClient });
  return api;
}

describe('the audit chain status', () => {
  it('shows that it is verifying, then that the trail is intact, with the count of entries', async () => {
    let answer: (v: AuditTrailVerification) => void = () => {};
    const api = renderStatus(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByText('Verifying the audit trail…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Re-check' })).toBeNull();
    answer(intact);
    expect(await screen.findByText('Audit trail intact: 12,345 entries verified')).toBeTruthy();
    expect(screen.getByRole('status').className).toContain('Success');
    // Verifying reads the whole trail: the call may take longer than the usual 5 s.
    expect(api).toHaveBeenCalledWith(
      'GET',
      '/audit-logs/verify',
      expect.objectContaining({ timeoutMs: limits.auditVerifyTimeoutMs }),
    );
  });

  it('names the first entry that no longer matches, as an error', async () => {
    renderStatus({ ...intact, ok: false, firstBrokenId: 4711, broken: 3 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Audit trail altered: entry #4711 does not match the chain (3 entries do not)',
    );
    expect(alert.className).toContain('Error');
  });

  it('says when the newest entries are gone, and notes the entries from before the chain', async () => {
    renderStatus({ ...intact, ok: false, headMatches: false, unchained: 42 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Audit trail altered: its newest entries were removed or the chain’s head was changed',
    );
    expect(alert.textContent).toContain(
      '42 older entries, written before the chain was introduced, are not covered by it',
    );
  });

  it("says when the trail's end moved back, though the chain verifies from first to newest entry", async () => {
    renderStatus({ ...intact, ok: false, endMovedBack: { from: 1_204, to: 1_201 } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Audit trail altered: the trail’s end moved back (it had reached entry 1,204 of the chain; it now ends at 1,201)',
    );
    expect(alert.className).toContain('Error');
  });

  it('re-checks on demand: a trail altered since shows as altered', async () => {
    const api = renderStatus(intact, { ...intact, ok: false, firstBrokenId: 9, broken: 1 });
    expect(await screen.findByText('Audit trail intact: 12,345 entries verified')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Re-check' }));
    expect(await screen.findByText('Audit trail altered: entry #9 does not match the chain')).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('says when it could not verify, and offers to try again', async () => {
    renderStatus(() => Promise.reject(new Error('down')), intact);
    expect(await screen.findByText('The audit trail could not be verified')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Re-check' }));
    expect(await screen.findByText('Audit trail intact: 12,345 entries verified')).toBeTruthy();
  });
});
