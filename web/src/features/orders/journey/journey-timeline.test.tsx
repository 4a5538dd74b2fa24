import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type JourneyStep, JourneyTimeline, journeyMarks } from './journey-timeline.tsx';

const F18 = 109.77 * 60;
const steps: JourneyStep[] = [
  {
    key: 'placed',
    label: 'Placed',
    at: '2026-11-23T15:00:00Z',
    measuredAt: '2026-11-24T12:00:00Z',
    who: 'Sam Site',
    activity: 10,
    activityNote: 'requested at calibration',
  },
  { key: 'accepted', label: 'Accepted', at: '2026-11-23T16:00:00Z', who: 'Casey CMO' },
  {
    key: 'shipped',
    label: 'Shipped',
    at: '2026-11-24T11:00:00Z',
    measuredAt: '2026-11-24T10:45:00Z',
    activity: 12.1,
    activityNote: 'assay',
    detail: 'Lot L-2026-118 · FastRad 12345',
  },
  {
    key: 'delivered',
    label: 'Received',
    at: '2026-11-24T12:30:00Z',
    activity: 7.2,
    deviation: 'Received 7.2 mCi, 23 % below the 9.4 mCi expected (tolerance 10 %): vial cracked',
  },
  { key: 'administered', label: 'Administered', at: null },
];

describe('JourneyTimeline', () => {
  it('lists each step with its time on the zone named, its activity in both units, and what is still to come', () => {
    render(<JourneyTimeline steps={steps} unit="mCi" zone="America/Chicago" halfLifeSeconds={F18} />);
    const journey = screen.getByRole('region', { name: 'Dose journey' });
    const shipped = within(journey).getByTestId('journey-shipped');
    expect(shipped.textContent).toContain('Shipped · Nov 24, 2026, 05:00 CST');
    expect(shipped.textContent).toContain('12.1 mCi (448 MBq) · assay at Nov 24, 2026, 04:45 CST');
    expect(shipped.textContent).toContain('Lot L-2026-118');
    expect(within(journey).getByTestId('journey-placed').textContent).toContain('Sam Site');
    expect(within(journey).getByTestId('journey-administered').textContent).toBe('Administered · not yet');
    expect(within(journey).getByRole('alert').textContent).toContain('23 % below');
  });

  it('draws the measured points with a text alternative, and no chart without a unit', () => {
    const { rerender } = render(
      <JourneyTimeline steps={steps} unit="mCi" zone="UTC" halfLifeSeconds={F18} />,
    );
    const chart = screen.getByRole('img');
    // In time order: the assay (10:45) came before the calibration time (12:00).
    expect(chart.getAttribute('aria-label')).toContain('Shipped 12.1 mCi, Placed 10 mCi, Received 7.2 mCi');
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    rerender(<JourneyTimeline steps={steps} unit={null} zone="UTC" halfLifeSeconds={F18} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('leaves out a reference figure a day or more from every measured one', () => {
    const far = steps.map((s) =>
      s.key === 'placed' ? { ...s, reference: true, measuredAt: '2026-11-27T12:00:00Z' } : s,
    );
    expect(journeyMarks(far).map((m) => m.label)).toEqual(['Shipped', 'Received']);
    const near = steps.map((s) => (s.key === 'placed' ? { ...s, reference: true } : s));
    expect(journeyMarks(near).map((m) => m.label)).toEqual(['Placed', 'Shipped', 'Received']);
    const alone = [{ ...steps[0]!, reference: true }];
    expect(journeyMarks(alone).map((m) => m.label)).toEqual(['Placed']);
  });

  it('places a mark at its measurement time, not the step time', () => {
    const marks = journeyMarks(steps);
    expect(marks.map((m) => [m.label, new Date(m.at).toISOString()])).toEqual([
      ['Placed', '2026-11-24T12:00:00.000Z'],
      ['Shipped', '2026-11-24T10:45:00.000Z'],
      ['Received', '2026-11-24T12:30:00.000Z'],
    ]);
  });
});
