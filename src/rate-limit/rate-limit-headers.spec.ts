import { retryAfterSeconds, throttledHeaders } from './rate-limit-headers';

describe('throttledHeaders', () => {
  it('names the policy with its quota and window, and what is left and when it resets', () => {
    expect(throttledHeaders({ name: 'search-user', limit: 10, windowSeconds: 60 }, 0, 17_200)).toEqual({
      'retry-after': '18',
      'ratelimit-policy': '"search-user";q=10;w=60',
      ratelimit: '"search-user";r=0;t=18',
    });
  });

  it('never tells a client to retry in less than one second or with negative points', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-5)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(throttledHeaders({ name: 'p', limit: 1, windowSeconds: 1 }, -3, 10).ratelimit).toBe('"p";r=0;t=1');
  });
});
