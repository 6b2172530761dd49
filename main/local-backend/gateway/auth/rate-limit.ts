import type { RateLimit } from './options.js';

/**
 * GoTrue's limiter (tollbooth): a token bucket per key, holding `burst` tokens and refilling at
 * perPeriod/periodSeconds. `take` answers the seconds until a token is back when the bucket is empty.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = limit.perPeriod / (limit.periodSeconds * 1000);
  }

  /** Takes one token for `key`; undefined when allowed, else the whole seconds to wait. */
  take(key: string): number | undefined {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.limit.burst, at: t };
    b.tokens = Math.min(this.limit.burst, b.tokens + (t - b.at) * this.perMs);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000));
  }
}
