import { Clock } from '../../src/common/clock/clock';

/** A clock that only moves when told to: tests hand it to the app (startTestApp({ clock })). */
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
