/**
 * A small seeded PRNG (mulberry32) so the demo data is the same on every run with the same options:
 * the same names, dates and ids. Bulk rows generated in SQL use setseed()/random() instead (see bulk.ts).
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [v, w] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return items[items.length - 1]![0];
  }

  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.min(n, copy.length));
  }

  /** An exponential variate with the given mean (activity is heavy-tailed: a few users write a lot). */
  exp(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** Rounds a non-negative expected count up or down at random, so that totals keep the expected value. */
  count(expected: number): number {
    const whole = Math.floor(expected);
    return whole + (this.next() < expected - whole ? 1 : 0);
  }

  /** A version 4 shaped uuid from the stream (shared zod schemas validate the version and variant bits). */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 4; i++)
      hex.push(
        Math.floor(this.next() * 4294967296)
          .toString(16)
          .padStart(8, '0'),
      );
    const h = hex.join('');
    const variant = '89ab'[Math.floor(this.next() * 4)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** A moment between two others. */
  between(from: Date, to: Date): Date {
    return new Date(from.getTime() + this.next() * Math.max(0, to.getTime() - from.getTime()));
  }

  /** A short hex token, e.g. for payment-provider ids. */
  hex(length: number): string {
    let s = '';
    while (s.length < length)
      s += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    return s.slice(0, length);
  }
}

/** Fixed: the demo data must not change between runs. */
export const SEED = 0x5eed2024;

export const DAY_MS = 86_400_000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
