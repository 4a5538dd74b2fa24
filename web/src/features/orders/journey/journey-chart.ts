import { decayFraction } from '@dosechain/contract';

/**
 * The picture of a dose's journey (issue 35): each measured activity (the requested one at
 * calibration, the CMO's assay, the receipt's, the injected one) as a point on a time axis, and
 * between two points the decay curve from the earlier one, so a receipt short of what the assay
 * promised shows as a drop below the curve. Pure geometry, in SVG user units.
 */

/** One measured activity: when (epoch ms), how much (the order's unit), what it was. */
export interface JourneyMark {
  at: number;
  activity: number;
  label: string;
  /** No curve after it: the dose was injected (what decays after is in the subject). */
  ends?: boolean;
}

export interface ChartSize {
  width: number;
  height: number;
  /** Room for the axes' labels: left (activity), bottom (time). */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface ChartPoint {
  x: number;
  y: number;
  mark: JourneyMark;
}

export interface JourneyChartGeometry {
  /** One SVG path per stretch between two marks (and after the last one), decaying from its start; none after an `ends` mark. */
  curves: string[];
  points: ChartPoint[];
  /** The activity axis: a few round values and their heights. */
  yTicks: { y: number; value: number }[];
  /** The time axis runs from `start` to `end` (epoch ms), at x `x0` to `x1`. */
  start: number;
  end: number;
  x0: number;
  x1: number;
  /** The baseline's height (activity 0). */
  y0: number;
}

/** Samples per curve: smooth at the sizes the detail page draws. */
const SAMPLES = 32;

/** A round step for about `count` ticks up to `max`: 1, 2 or 5 times a power of ten. */
export function niceStep(max: number, count = 4): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  const nice = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10;
  return nice * power;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The chart of `marks` (any order; unreadable ones left out) decaying with `halfLifeSeconds`
 * (null: not radioactive, flat lines). Null when there is no mark to draw.
 */
export function journeyChart(
  marks: readonly JourneyMark[],
  halfLifeSeconds: number | null,
  size: ChartSize,
): JourneyChartGeometry | null {
  const sorted = marks
    .filter((m) => Number.isFinite(m.at) && Number.isFinite(m.activity) && m.activity >= 0)
    .sort((a, b) => a.at - b.at);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return null;
  // A single instant (or marks minutes apart) still gets a readable stretch: an hour at least,
  // and a tenth more after the last mark so its decay shows.
  const span = Math.max(last.at - first.at, 3_600_000);
  const start = first.at;
  const end = first.at + span * 1.1;
  const decayed = (mark: JourneyMark, at: number) =>
    halfLifeSeconds === null
      ? mark.activity
      : mark.activity * decayFraction((at - mark.at) / 1000, halfLifeSeconds);
  const top = Math.max(...sorted.map((m) => m.activity));
  const step = niceStep(top);
  const yMax = Math.max(step, Math.ceil((top * 1.05) / step) * step);
  const x0 = size.left;
  const x1 = size.width - size.right;
  const y0 = size.height - size.bottom;
  const yTop = size.top;
  const xOf = (at: number) => round(x0 + ((at - start) / (end - start)) * (x1 - x0));
  const yOf = (value: number) => round(y0 - (value / yMax) * (y0 - yTop));
  const curves = sorted.flatMap((mark, i) => {
    if (mark.ends) return [];
    const until = sorted[i + 1]?.at ?? end;
    const samples = halfLifeSeconds === null || until === mark.at ? 1 : SAMPLES;
    const parts: string[] = [];
    for (let s = 0; s <= samples; s++) {
      const at = mark.at + ((until - mark.at) * s) / samples;
      parts.push(`${s === 0 ? 'M' : 'L'}${xOf(at)} ${yOf(decayed(mark, at))}`);
    }
    return [parts.join(' ')];
  });
  const yTicks: { y: number; value: number }[] = [];
  for (let value = 0; value <= yMax + step / 2; value += step) yTicks.push({ y: yOf(value), value });
  return {
    curves,
    points: sorted.map((mark) => ({ x: xOf(mark.at), y: yOf(mark.activity), mark })),
    yTicks,
    start,
    end,
    x0,
    x1,
    y0,
  };
}
