import { ManualClock } from '../../../test/support/manual-clock';
import { SystemClock } from './clock';

describe('ManualClock', () => {
  it('stands still until advanced, then moves by exactly the amount given', () => {
    const clock = new ManualClock(new Date('2030-01-01T00:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    clock.advanceSeconds(301);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:05:01.000Z');
    clock.advance(-1_000);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:05:00.000Z');
  });

  it('returns a fresh Date each time so callers cannot move it by mutation', () => {
    const clock = new ManualClock(new Date(0));
    clock.now().setTime(1_000_000);
    expect(clock.now().getTime()).toBe(0);
  });
});

describe('SystemClock', () => {
  it('reads the system time', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
