import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';

// One round trip: count the hit, start the window on the first hit, block when over the limit.
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blocked = tonumber(ARGV[3])
end
return { hits, ttl, blocked }
`;

/** Rate-limit counters in Redis, so a limit holds across every server instance. */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'zhiwen:throttle:',
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    const base = `${this.prefix}${throttlerName}:${key}`;
    const [hits, ttlMs, blockedMs] = (await this.redis.eval(SCRIPT, 2, `${base}:hits`, `${base}:blocked`, ttl, limit, blockDuration)) as [
      number,
      number,
      number,
    ];
    const isBlocked = blockedMs > 0;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockedMs / 1000) : 0,
    };
  }
}
