import type { FastifyBaseLogger } from 'fastify';

/**
 * A pass that runs every interval in the background of an app (the retention job, the
 * late-delivery watch): the first pass one interval after `start`, never two passes of the same
 * job at once in one process (a slow database makes the next tick skip, not pile up), `stop`
 * waits for the pass in flight. Whether several instances may run a pass at once is each job's
 * own concern (their SQL makes it safe).
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Starts the timer; an interval of 0 or less leaves it off. `passNow`: a first pass at once
   * (in the background, waited for by `stop` like any other).
   */
  start(options: { passNow?: boolean } = {}): void {
    if (this.stopped || this.timer) return;
    if (options.passNow) this.runPass();
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => this.runPass(), this.intervalMs);
    this.timer.unref();
  }

  private runPass(): void {
    this.current ??= this.pass()
      .catch((err) => this.log.error({ err }, `${this.name} pass failed`))
      .finally(() => {
        this.current = undefined;
      });
  }

  /** Stops the timer and waits for a pass in flight; the app calls it on close. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }
}
