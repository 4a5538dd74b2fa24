/** The time source of every business rule; tests inject a fixed or moving clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
