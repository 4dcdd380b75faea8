import { fixedWindow, retryAfterSeconds } from './fixed-window';

describe('fixedWindow', () => {
  it('puts moments of the same window under one index that ends at the next boundary', () => {
    expect(fixedWindow(120_000, 60_000)).toEqual({ index: 2, resetAt: 180_000 });
    expect(fixedWindow(179_999, 60_000)).toEqual({ index: 2, resetAt: 180_000 });
    expect(fixedWindow(180_000, 60_000)).toEqual({ index: 3, resetAt: 240_000 });
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds and never says 0', () => {
    expect(retryAfterSeconds(120_000, 180_000)).toBe(60);
    expect(retryAfterSeconds(179_001, 180_000)).toBe(1);
    expect(retryAfterSeconds(179_999, 180_000)).toBe(1);
    expect(retryAfterSeconds(180_000, 180_000)).toBe(1);
  });
});
