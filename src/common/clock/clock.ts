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

/** A clock that only moves when told to (tests). */
export class ManualClock extends Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    super();
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  set(time: Date): void {
    this.current = time.getTime();
  }
}
