import { parseLsn, PrimaryWalSamples } from './wal-lag';

describe('parseLsn', () => {
  it('orders WAL positions as PostgreSQL does (high word first, hex)', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBeGreaterThan(parseLsn('0/FFFFFFFF'));
    expect(parseLsn('A/1')).toBe((10n << 32n) | 1n);
  });

  it('refuses what is not a WAL position', () => {
    expect(() => parseLsn('12345')).toThrow('Not a WAL position');
    expect(() => parseLsn('0/XYZ')).toThrow('Not a WAL position');
  });
});

describe('PrimaryWalSamples', () => {
  it('bounds the lag by the newest sample the replica has replayed', () => {
    const samples = new PrimaryWalSamples(4_000);
    samples.record(1_000, 100n);
    samples.record(1_500, 200n);
    samples.record(2_000, 300n);
    expect(samples.lagMs(300n, 2_100)).toBe(100);
    expect(samples.lagMs(250n, 2_100)).toBe(600);
    expect(samples.lagMs(100n, 2_100)).toBe(1_100);
  });

  it('an idle primary (the position does not move) keeps a caught-up replica at no lag', () => {
    const samples = new PrimaryWalSamples(4_000);
    for (let at = 0; at <= 60_000; at += 500) samples.record(at, 100n);
    expect(samples.lagMs(100n, 60_010)).toBe(10);
  });

  it('a replica behind every sample kept is "unknown", beyond the window', () => {
    const samples = new PrimaryWalSamples(1_000);
    samples.record(0, 100n);
    for (let at = 500; at <= 5_000; at += 500) samples.record(at, 100n + BigInt(at));
    // The samples up to 3,500 are gone; 3,500 (older than the window) is kept as the last bound.
    expect(samples.lagMs(100n, 5_000)).toBeUndefined();
    expect(samples.lagMs(100n + 3_500n, 5_000)).toBe(1_500);
  });

  it('is unknown before the first sample, and starts again when the clock goes back', () => {
    const samples = new PrimaryWalSamples(1_000);
    expect(samples.lagMs(1n, 0)).toBeUndefined();
    samples.record(10_000, 100n);
    samples.record(5_000, 200n);
    expect(samples.lagMs(150n, 5_100)).toBeUndefined();
    expect(samples.lagMs(200n, 5_100)).toBe(100);
  });
});
