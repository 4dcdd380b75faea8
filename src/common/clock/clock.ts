/**
 * The time source for everything that expires or counts per window (tokens, rate limits, purges).
 * Injected instead of `new Date()` so tests move time forward without sleeping.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
