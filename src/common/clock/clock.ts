/**
 * The time source for everything that expires or counts per window (tokens, rate limits, purges,
 * caches) and for every stored time. Injected instead of `new Date()` so tests move time forward
 * without sleeping. Elapsed time that only paces output (progress bars, log throttling, durations
 * shown to an operator) stays on Date.now(): it is not business time.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
