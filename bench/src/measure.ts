/** Timing helpers: bounded request loops and percentiles. */

export interface Stats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export interface LoopBounds {
  /** At most this many runs. */
  count: number;
  /** And stop starting new runs after this many milliseconds. */
  maxMs: number;
  /** Untimed runs first (connections, plans, caches). */
  warmup?: number;
}

/** Runs `work` one at a time, `i` counting up, until either bound; the milliseconds of each run. */
export async function timeSequential(
  bounds: LoopBounds,
  work: (i: number) => Promise<void>,
): Promise<number[]> {
  for (let i = 0; i < (bounds.warmup ?? 0); i++) await work(i);
  const samples: number[] = [];
  const deadline = performance.now() + bounds.maxMs;
  for (let i = 0; i < bounds.count && performance.now() < deadline; i++) {
    const t0 = performance.now();
    await work(i);
    samples.push(performance.now() - t0);
  }
  return samples;
}

export interface ConcurrentResult {
  samples: number[];
  elapsedMs: number;
  /** Completed runs per second over the whole burst. */
  perSecond: number;
}

/**
 * `clients` loops run `work` concurrently until `bounds.count` runs were started in total or
 * the time is up; the milliseconds of each run and the throughput.
 */
export async function timeConcurrent(
  clients: number,
  bounds: LoopBounds,
  work: (i: number) => Promise<void>,
): Promise<ConcurrentResult> {
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + bounds.maxMs;
  let next = 0;
  const client = async () => {
    while (next < bounds.count && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      await work(i);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsedMs = performance.now() - started;
  return { samples, elapsedMs, perSecond: (samples.length / elapsedMs) * 1000 };
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
export const ratio = (app: number, raw: number) => (raw > 0 ? `${(app / raw).toFixed(2)}×` : 'n/a');
