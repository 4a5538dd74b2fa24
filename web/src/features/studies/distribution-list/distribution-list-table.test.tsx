import type { DistributionEntry } from '@dosechain/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DistributionListTable } from './distribution-list-table.tsx';

const list: DistributionEntry[] = Array.from({ length: 60 }, (_, i) => ({
  name: `Person ${i + 1}`,
  email: `p${i + 1}@x.example`,
  companyType: null,
  companies: [],
}));

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DistributionListTable', () => {
  const scrollIntoView = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  it('shows a long list a page at a time and brings the list top into view on a page change', () => {
    // jsdom lays nothing out: record where the page asks to scroll.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    render(<DistributionListTable list={list} />);
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows()[0]?.textContent).toContain('Person 1');
    expect(screen.getByText('Rows 1–25 of 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]?.textContent).toContain('Person 51');
    expect(screen.getByText('Rows 51–60 of 60')).toBeTruthy();
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]?.contains(screen.getByRole('table'))).toBe(true);
  });

  it('shows a short list whole, without a pager', () => {
    render(<DistributionListTable list={list.slice(0, 3)} />);
    expect(bodyRows()).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Pages of rows' })).toBeNull();
  });
});
