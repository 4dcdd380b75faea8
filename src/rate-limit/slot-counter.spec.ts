import { MemorySlotCounter } from './slot-counter';

describe('MemorySlotCounter', () => {
  const policy = { name: 'test-concurrent', limit: 2, waitMs: 0, leaseMs: 60_000 };

  it('hands out at most `limit` slots per key and takes a returned one back', async () => {
    const slots = new MemorySlotCounter(policy);
    const first = await slots.tryAcquire('u1');
    const second = await slots.tryAcquire('u1');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await slots.tryAcquire('u1')).toBeNull();
    // Another key has slots of its own.
    expect(await slots.tryAcquire('u2')).not.toBeNull();
    await first!();
    expect(await slots.tryAcquire('u1')).not.toBeNull();
  });

  it('frees a slot whose lease ended (a holder that never gave it back)', async () => {
    // The clock is set by hand: on a busy machine real milliseconds between two calls are not
    // guaranteed to stay under a short lease.
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const slots = new MemorySlotCounter({ ...policy, limit: 1, leaseMs: 30 });
      expect(await slots.tryAcquire('u1')).not.toBeNull();
      now += 29;
      expect(await slots.tryAcquire('u1')).toBeNull();
      now += 2;
      expect(await slots.tryAcquire('u1')).not.toBeNull();
    } finally {
      clock.mockRestore();
    }
  });
});
