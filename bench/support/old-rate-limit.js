// The hand-written fixed-window limiter the gateway used before rate-limiter-flexible (src/rate-limit
// until the shared limiter came), kept here only so bench/ratelimit.bench.js can measure old against new in one run.
'use strict';

/** The old in-memory store: one counter per key and fixed window. */
class OldMemoryStore {
  constructor() {
    this.counters = new Map();
  }
  increment(key, windowIndex) {
    const counter = this.counters.get(key);
    if (counter && counter.windowIndex === windowIndex) {
      counter.count += 1;
      return Promise.resolve(counter.count);
    }
    this.counters.delete(key);
    this.counters.set(key, { windowIndex, count: 1 });
    return Promise.resolve(1);
  }
}

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** The old Redis store: INCR + PEXPIRE in one Lua script per request. */
class OldRedisStore {
  constructor(redis, prefix) {
    redis.defineCommand('oldRateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    this.redis = redis;
    this.prefix = prefix;
  }
  increment(key, windowIndex, windowMs) {
    return this.redis.oldRateLimitIncrement(`${this.prefix}${key}:${windowIndex}`, windowMs + 1000);
  }
}

/** The old RateLimiterService.consume: count in the current fixed window, refuse above the limit. */
function oldConsume(store, policy, key) {
  const windowMs = policy.windowSeconds * 1000;
  const index = Math.floor(Date.now() / windowMs);
  return store.increment(`${policy.name}:${key}`, index, windowMs).then((count) => count <= policy.limit);
}

module.exports = { OldMemoryStore, OldRedisStore, oldConsume };
