import { retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  it('doubles per attempt, half fixed and half drawn at random', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1_000, () => 0))).toEqual([
      500, 1_000, 2_000, 4_000,
    ]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1_000, () => 0.999999))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(retryDelayMs(2, 1_000, () => 0.5)).toBe(1_500);
  });

  it('stops doubling after 16 attempts, so the pause stays a finite number', () => {
    expect(retryDelayMs(100, 10, () => 0)).toBe(retryDelayMs(17, 10, () => 0));
    expect(retryDelayMs(100, 10, () => 0)).toBe(327_680);
  });
});
